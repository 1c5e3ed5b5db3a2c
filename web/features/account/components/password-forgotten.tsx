import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import type { z } from 'zod'
import { PasswordResetBodySchema, PasswordResetRequestSchema } from '#contract/account.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useRequestPasswordReset, useResetPassword } from '../api.ts'
import type { FeedbackState } from './location-feedback.tsx'
import { PasswordCriteria } from './password-criteria.tsx'
import { failedResponse, fieldCodes } from './responses.ts'

type RequestValues = z.input<typeof PasswordResetRequestSchema>

/** Step 1: the e-mail address; afterwards the login page shows the notice with the address. */
export function RequestResetForm() {
  const navigate = useNavigate()
  const request = useRequestPasswordReset()
  const [failed, setFailed] = useState<string | null>(null)
  const { register, handleSubmit, formState } = useForm<RequestValues>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
  })
  const onSubmit = (body: RequestValues) => {
    setFailed(null)
    request.mutate(
      { body },
      {
        onSuccess: (response) => {
          const state: FeedbackState = {
            feedback: { kind: 'success', text: response.body.message },
          }
          navigate(paths.account.login, { state })
        },
        onError: (error) => {
          const status = failedResponse(error)?.status
          setFailed(t(status === 429 ? 'rate_limited' : 'general_error'))
        },
      },
    )
  }
  return (
    <form method="post" className="account-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <p>{t('password_reset_notice')}</p>
      <Field
        label="E-Mail"
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      {failed && (
        <p className="form-error" role="alert">
          {failed}
        </p>
      )}
      <Button type="submit" block size="lg" pending={request.isPending}>
        Absenden
      </Button>
      <p className="account-form__aside account-form__aside--center">
        <Link to={paths.account.login}>Zurück zur Anmeldung</Link>
      </p>
    </form>
  )
}

const NewPasswordSchema = PasswordResetBodySchema
type NewPasswordValues = z.input<typeof NewPasswordSchema>

/** Step 2, from the mailed link: the new password, held to the rules; then to the login. */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const reset = useResetPassword()
  const criteriaId = useId()
  const [linkInvalid, setLinkInvalid] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const { register, handleSubmit, formState, control, setError } = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { token, password: '', passwordRepeat: '' },
  })
  const password = useWatch({ control, name: 'password' })
  const onSubmit = (body: NewPasswordValues) => {
    setFailed(null)
    reset.mutate(
      { body },
      {
        onSuccess: (response) => {
          const state: FeedbackState = {
            feedback: { kind: 'success', text: response.body.message },
          }
          navigate(paths.account.login, { state, replace: true })
        },
        onError: (error) => {
          const response = failedResponse(error)
          const code = response?.body.code
          if (code === 'reset_link_invalid') setLinkInvalid(true)
          else if (code === 'password_not_secure') setError('password', { message: code })
          else if (response?.status === 400) {
            for (const [field, fieldCode] of Object.entries(fieldCodes(error))) {
              if (field === 'password' || field === 'passwordRepeat') {
                setError(field, { message: fieldCode })
              }
            }
          } else setFailed(t(response?.status === 429 ? 'rate_limited' : 'general_error'))
        },
      },
    )
  }
  if (linkInvalid) {
    return (
      <div className="account-form">
        <p className="form-error" role="alert">
          {t('reset_link_invalid')}
        </p>
        <Link className="btn btn--primary btn--lg btn--block" to={paths.account.passwordForgotten}>
          Neuen Link anfordern
        </Link>
      </div>
    )
  }
  return (
    <form method="post" className="account-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <p>Lege ein neues Passwort für dein Kundenkonto fest.</p>
      <input type="hidden" {...register('token')} />
      <Field
        label="Neues Passwort"
        type="password"
        autoComplete="new-password"
        aria-describedby={criteriaId}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordCriteria password={password} id={criteriaId} />
      <Field
        label="Neues Passwort wiederholen"
        type="password"
        autoComplete="new-password"
        error={formState.errors.passwordRepeat?.message}
        {...register('passwordRepeat')}
      />
      {failed && (
        <p className="form-error" role="alert">
          {failed}
        </p>
      )}
      <Button type="submit" block size="lg" pending={reset.isPending}>
        Passwort speichern
      </Button>
    </form>
  )
}
