// The soft-login popup for the whole shop: navigations into the account while the login is soft
// are held and the popup opens instead; other slices open it before a protected action.
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { type BlockerFunction, useBlocker, useLocation, useNavigate } from 'react-router-dom'
import { useHeaderData } from '#web/features/header/index.ts'
import { useRefreshLoginState } from './api.ts'
import { isPrivateAccountPath } from './navigation.ts'

// Form, schemas and zod load only when the popup opens.
const LoginPopup = lazy(() =>
  import('./components/login-popup.tsx').then((module) => ({ default: module.LoginPopup })),
)

export type LoginPopupRequest = {
  /** A page to go to after the login. */
  target?: string
  /** An action to run after the login (e.g. the cart change that needed it). */
  onSuccess?: () => void
}

type LoginPopupApi = { open: (request?: LoginPopupRequest) => void }

const LoginPopupContext = createContext<LoginPopupApi>({ open: () => {} })

/** Opens the login popup (for soft logins; see LoginPopupProvider). */
export function useLoginPopup(): LoginPopupApi {
  return useContext(LoginPopupContext)
}

export function LoginPopupProvider({ children }: { children: ReactNode }) {
  const soft = Boolean(useHeaderData().data?.body.isLoggedInSoft)
  const navigate = useNavigate()
  const refreshLoginState = useRefreshLoginState()
  const [request, setRequest] = useState<LoginPopupRequest | null>(null)
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      soft &&
      currentLocation.pathname !== nextLocation.pathname &&
      isPrivateAccountPath(nextLocation.pathname),
    [soft],
  )
  const blocker = useBlocker(shouldBlock)
  const api = useMemo<LoginPopupApi>(() => ({ open: (next = {}) => setRequest(next) }), [])
  // Leaving the page (e.g. "Passwort vergessen?" in the popup) closes an opened popup.
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => setRequest(null), [pathname])

  const close = () => {
    if (blocker.state === 'blocked') blocker.reset()
    setRequest(null)
  }

  const loggedIn = async () => {
    await refreshLoginState()
    if (blocker.state === 'blocked') blocker.proceed()
    else if (request?.target) navigate(request.target)
    request?.onSuccess?.()
    setRequest(null)
  }

  const isOpen = blocker.state === 'blocked' || request !== null
  return (
    <LoginPopupContext value={api}>
      {children}
      {isOpen && (
        <Suspense fallback={null}>
          <LoginPopup onClose={close} onLoggedIn={loggedIn} />
        </Suspense>
      )}
    </LoginPopupContext>
  )
}
