import { useNavigate } from 'react-router-dom'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useRefreshLoginState } from '../api.ts'
import type { FeedbackState } from '../components/location-feedback.tsx'
import { RegisterForm } from '../components/register-form.tsx'

/** Registration; success logs in and goes to the overview (account-area §4). */
export function RegisterPage() {
  const navigate = useNavigate()
  const refreshLoginState = useRefreshLoginState()
  return (
    <>
      <PageMeta title="Registrieren" noindex />
      <div className="login-card__intro">
        <h1 className="login-card__title">Neu bei Bitwerk?</h1>
        <p>Lege dein Kundenkonto an: Bestellungen verfolgen, Adressen speichern, Campus-Rabatte.</p>
      </div>
      <RegisterForm
        onRegistered={async () => {
          await refreshLoginState()
          const state: FeedbackState = { feedback: { kind: 'success', text: t('registered') } }
          navigate(paths.account.overview, { state, replace: true })
        }}
      />
    </>
  )
}
