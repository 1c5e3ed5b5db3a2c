// /backoffice/login: e-mail and password, then the 6-digit code mailed to the member of staff.
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Field } from '#web/components/ui/index.ts'
import { errorText } from '#web/lib/messages.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useStaffCode, useStaffLogin, useStaffResendCode } from '../api.ts'
import { backofficePaths } from '../paths.ts'

/** Only paths inside the back office are followed after the login. */
function safeNext(next: string | null): string {
  return next?.startsWith(`${backofficePaths.home}`) && !next.startsWith('//')
    ? next
    : backofficePaths.home
}

export function BackofficeLoginPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const login = useStaffLogin()
  const code = useStaffCode()
  const resend = useStaffResendCode()
  const [step, setStep] = useState<'password' | 'code'>('password')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [value, setValue] = useState('')

  return (
    <div className="backoffice-login">
      <PageMeta title="Anmeldung | Backoffice" noindex />
      <main className="backoffice-login__card" id="main">
        <h1>Bitwerk Backoffice</h1>
        {step === 'password' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault()
              login.mutate({ email, password }, { onSuccess: () => setStep('code') })
            }}
          >
            <Field
              label="E-Mail-Adresse"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
            <Field
              label="Passwort"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            {login.error && (
              <p className="form-error" role="alert">
                {errorText(login.error)}
              </p>
            )}
            <Button type="submit" block pending={login.isPending}>
              Weiter
            </Button>
          </form>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault()
              code.mutate(value.trim(), {
                onSuccess: () => navigate(safeNext(params.get('next')), { replace: true }),
              })
            }}
          >
            <p>Wir haben dir einen 6-stelligen Code an {email} gesendet.</p>
            <Field
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              required
            />
            {code.error && (
              <p className="form-error" role="alert">
                {errorText(code.error)}
              </p>
            )}
            {resend.isSuccess && <p role="status">{resend.data.body.message}</p>}
            <Button type="submit" block pending={code.isPending}>
              Anmelden
            </Button>
            <p className="backoffice-login__links">
              <Button variant="link" onClick={() => resend.mutate()} pending={resend.isPending}>
                Neuen Code senden
              </Button>
              <Button variant="link" onClick={() => setStep('password')}>
                Zurück
              </Button>
            </p>
          </form>
        )}
      </main>
    </div>
  )
}
