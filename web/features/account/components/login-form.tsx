import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { type LoginBody, LoginBodySchema, type LoginResult } from '#contract/account.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { useHeaderData } from '#web/features/header/index.ts'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useLogin } from '../api.ts'
import { minutesAndSeconds, useSecondsLeft } from './countdown.ts'
import { failedResponse } from './responses.ts'
import { TwoFaStep } from './two-fa-step.tsx'

const fullResolver = zodResolver(LoginBodySchema)
// The soft login's form has no e-mail field: only the password is checked (and sent).
const softResolver = zodResolver(
  LoginBodySchema.pick({ password: true }),
) as unknown as Resolver<LoginBody>

type LoginFormProps = {
  /** Called after a successful full login (password, and the code where it was needed). */
  onLoggedIn: (result: LoginResult) => void | Promise<void>
  /** Field ids must differ when the popup opens above the login page. */
  idPrefix?: string
  /** Told when the code step opens or closes (the page hides its greeting meanwhile). */
  onStepChange?: (step: 'credentials' | 'code') => void
}

/**
 * E-mail and password, then (for a browser the account has not used) the e-mailed code. A soft
 * login asks for the password alone: the shop knows who is greeted. Wrong credentials show the
 * spec's text with a reset link and clear the password; a blocked login (HTTP 403) counts down
 * in m:ss until loginBlockedUntil.
 */
export function LoginForm({ onLoggedIn, idPrefix = 'login', onStepChange }: LoginFormProps) {
  const login = useLogin()
  const soft = Boolean(useHeaderData().data?.body.isLoggedInSoft)
  const [step, setStepState] = useState<'credentials' | 'code'>('credentials')
  const setStep = (next: 'credentials' | 'code') => {
    setStepState(next)
    onStepChange?.(next)
  }
  const [failure, setFailure] = useState<'login_failed' | 'general_error' | null>(null)
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null)
  const [finishing, setFinishing] = useState(false)
  const secondsLeft = useSecondsLeft(blockedUntil)
  const errorId = useId()
  const { register, handleSubmit, formState, resetField, setFocus } = useForm<LoginBody>({
    resolver: soft ? softResolver : fullResolver,
    defaultValues: { email: '', password: '' },
  })

  const finish = async (result: LoginResult) => {
    setFinishing(true)
    try {
      await onLoggedIn(result)
    } finally {
      setFinishing(false)
    }
  }

  const onSubmit = (body: LoginBody) => {
    setFailure(null)
    login.mutate(
      { body: soft ? { password: body.password } : body },
      {
        onSuccess: (response) => {
          if (response.body.needs2FaAuthentication) setStep('code')
          else void finish(response.body)
        },
        onError: (error) => {
          const response = failedResponse(error)
          resetField('password')
          if (response?.status === 403 && typeof response.body.loginBlockedUntil === 'number') {
            setBlockedUntil(response.body.loginBlockedUntil)
            return
          }
          setFailure(response?.status === 422 ? 'login_failed' : 'general_error')
          setFocus('password')
        },
      },
    )
  }

  if (step === 'code') {
    return (
      <TwoFaStep
        onLoggedIn={finish}
        onBack={() => {
          setStep('credentials')
          resetField('password')
        }}
      />
    )
  }

  const blocked = secondsLeft > 0
  return (
    <form method="post" className="account-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      {!soft && (
        <Field
          id={`${idPrefix}-email`}
          label="E-Mail"
          type="email"
          autoComplete="username"
          error={formState.errors.email?.message}
          {...register('email')}
        />
      )}
      <Field
        id={`${idPrefix}-password`}
        label="Passwort"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        aria-describedby={failure ? errorId : undefined}
        {...register('password')}
      />
      <p className="account-form__aside">
        <Link to={paths.account.passwordForgotten}>Passwort vergessen?</Link>
      </p>
      {blocked && (
        <p className="form-error" role="alert">
          {t('login_blocked', minutesAndSeconds(secondsLeft))}
        </p>
      )}
      {!blocked && failure && (
        <p className="form-error" role="alert" id={errorId}>
          {t(failure)}{' '}
          {failure === 'login_failed' && (
            <Link to={paths.account.passwordForgotten}>Passwort zurücksetzen</Link>
          )}
        </p>
      )}
      <Button
        type="submit"
        block
        size="lg"
        pending={login.isPending || finishing}
        disabled={blocked}
      >
        Anmelden
      </Button>
      <p className="visually-hidden" aria-live="polite">
        {login.isPending ? 'Anmeldung läuft …' : finishing ? 'Kundendaten werden geprüft …' : ''}
      </p>
    </form>
  )
}
