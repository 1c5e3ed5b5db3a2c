import type { LoginResult } from '#contract/account.ts'
import { Modal } from '#web/components/ui/index.ts'
import { useHeaderData, useLogout } from '#web/features/header/index.ts'
import { t } from '#web/lib/messages.ts'
import { LoginForm } from './login-form.tsx'

/**
 * The login popup of a soft login (account-area §2): opened instead of navigating to an account
 * page (or before a protected action); after the login the remembered target is followed.
 */
export function LoginPopup({
  onClose,
  onLoggedIn,
}: {
  onClose: () => void
  onLoggedIn: (result: LoginResult) => Promise<void>
}) {
  const header = useHeaderData().data?.body
  const logout = useLogout()
  const name = header?.isLoggedInSoft ? header.firstName : null
  return (
    <Modal open title="Bitte melde dich erneut an" onClose={onClose} size="sm">
      {name ? (
        <div className="login-popup__greeting">
          <p>Hallo {name}, deine Sitzung ist abgelaufen, bitte melde dich erneut an</p>
          <p>
            Du bist nicht {name}?{' '}
            <button
              type="button"
              className="btn btn--link"
              onClick={() => {
                onClose()
                logout.mutate()
              }}
            >
              Abmelden
            </button>
          </p>
        </div>
      ) : (
        <p>{t('login_required_popup')}</p>
      )}
      <LoginForm idPrefix="popup" onLoggedIn={onLoggedIn} />
    </Modal>
  )
}
