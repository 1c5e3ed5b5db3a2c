import { useSearchParams } from 'react-router-dom'
import { PageMeta } from '#web/lib/site.tsx'
import { NewPasswordForm, RequestResetForm } from '../components/password-forgotten.tsx'

/** Passwort vergessen: request a link; opened from the link (?token=), set the new password. */
export function PasswordForgottenPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return (
    <>
      <PageMeta title="Passwort vergessen" noindex />
      <div className="login-card__intro">
        <h1 className="login-card__title">
          {token ? 'Neues Passwort festlegen' : 'Passwort vergessen?'}
        </h1>
      </div>
      {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
    </>
  )
}
