// /backoffice/login: e-mail and password, then the 6-digit code mailed to the member of staff.
// Both steps are react-hook-form forms checked with the contract's own body schemas.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { StaffCodeBodySchema, StaffLoginBodySchema } from '#contract/backoffice-access.ts'
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
  // Both forms live here, so "Zurück" finds the e-mail and password as they were.
  const passwordForm = useForm({
    resolver: zodResolver(StaffLoginBodySchema),
    defaultValues: { email: '', password: '' },
  })
  const codeForm = useForm({
    resolver: zodResolver(StaffCodeBodySchema),
    defaultValues: { code: '' },
  })
  const passwordErrors = passwordForm.formState.errors
  const codeErrors = codeForm.formState.errors

  return (
    <div className="backoffice-login">
      <PageMeta title="Anmeldung | Backoffice" noindex />
      <main className="backoffice-login__card" id="main">
        <h1>Bitwerk Backoffice</h1>
        {step === 'password' ? (
          <form
            method="post"
            onSubmit={passwordForm.handleSubmit((body) =>
              login.mutate(body, { onSuccess: () => setStep('code') }),
            )}
          >
            <Field
              label="E-Mail-Adresse"
              type="email"
              autoComplete="username"
              required
              error={passwordErrors.email?.message}
              {...passwordForm.register('email')}
            />
            <Field
              label="Passwort"
              type="password"
              autoComplete="current-password"
              required
              error={passwordErrors.password?.message}
              {...passwordForm.register('password')}
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
            method="post"
            onSubmit={codeForm.handleSubmit((body) =>
              code.mutate(body.code, {
                onSuccess: () => navigate(safeNext(params.get('next')), { replace: true }),
              }),
            )}
          >
            <p>
              Wir haben dir einen 6-stelligen Code an {passwordForm.getValues('email')} gesendet.
            </p>
            <Field
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              error={codeErrors.code?.message}
              {...codeForm.register('code')}
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
