import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useHeaderData, useLogout } from '#web/features/header/index.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useRefreshLoginState } from '../api.ts'
import { LoginForm } from '../components/login-form.tsx'
import { loginTarget } from '../navigation.ts'

/** "Willkommen", or for a soft login the greeting with "Du bist nicht {name}? Abmelden". */
export function LoginPage() {
  const header = useHeaderData().data?.body
  const location = useLocation()
  const navigate = useNavigate()
  const refreshLoginState = useRefreshLoginState()
  const logout = useLogout()
  const softName = header?.isLoggedInSoft ? header.firstName : null
  const [codeStep, setCodeStep] = useState(false)
  return (
    <>
      <PageMeta title="Anmelden" noindex />
      {codeStep ? (
        <h1 className="visually-hidden">Anmelden</h1>
      ) : softName ? (
        <div className="login-card__intro">
          <h1 className="login-card__title">
            Hallo {softName}, deine Sitzung ist abgelaufen, bitte melde dich erneut an
          </h1>
          <p>
            Du bist nicht {softName}?{' '}
            <button type="button" className="btn btn--link" onClick={() => logout.mutate()}>
              Abmelden
            </button>
          </p>
        </div>
      ) : (
        <div className="login-card__intro">
          <h1 className="login-card__title">Willkommen</h1>
          <p>Melde dich mit deiner E-Mail-Adresse und deinem Passwort an.</p>
        </div>
      )}
      <LoginForm
        onStepChange={(step) => setCodeStep(step === 'code')}
        onLoggedIn={async () => {
          await refreshLoginState()
          navigate(loginTarget(location.search), { replace: true })
        }}
      />
    </>
  )
}
