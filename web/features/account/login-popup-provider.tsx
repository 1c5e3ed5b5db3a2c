// The soft-login popup for the whole shop: navigations into the account while the login is soft
// are held and the popup opens instead; other slices open it before a protected action.

import { useQueryClient } from '@tanstack/react-query'
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
import {
  type BlockerFunction,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigation,
} from 'react-router-dom'
import { cachedHeaderData, markLoginSoft } from '#web/features/header/index.ts'
import { useRefreshLoginState } from './api.ts'
import { failedResponse } from './components/responses.ts'
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

/** A query the server refused because the full login ended (before the browser's timer). */
function isSoftLoginRefusal(error: unknown): boolean {
  const response = failedResponse(error)
  return response?.status === 401 && response.body.code === 'soft_login_required'
}

export function LoginPopupProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refreshLoginState = useRefreshLoginState()
  const [request, setRequest] = useState<LoginPopupRequest | null>(null)
  // The login level is read when a navigation starts, not when this rendered last: right after a
  // re-login the cache already holds the full login while this render still saw the soft one
  // (which held the navigation to the remembered page and opened the popup again).
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      Boolean(cachedHeaderData(queryClient)?.isLoggedInSoft) &&
      currentLocation.pathname !== nextLocation.pathname &&
      isPrivateAccountPath(nextLocation.pathname),
    [queryClient],
  )
  const blocker = useBlocker(shouldBlock)
  const api = useMemo<LoginPopupApi>(() => ({ open: (next = {}) => setRequest(next) }), [])
  // Leaving the page (e.g. "Passwort vergessen?" in the popup) closes an opened popup.
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => setRequest(null), [pathname])

  // The server ended the full login before the browser's timer: a page's query answers
  // soft_login_required. The login turns soft and the popup opens over the page; after the
  // re-login the refused queries load again.
  // A refusal inside a navigation's loader waits for the navigation to end (which would close
  // a popup opened before it).
  const [refused, setRefused] = useState(false)
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        if (!isSoftLoginRefusal(event.action.error)) return
        markLoginSoft(queryClient)
        setRefused(true)
      }),
    [queryClient],
  )
  const navigationIdle = useNavigation().state === 'idle'
  // biome-ignore lint/correctness/useExhaustiveDependencies: also after the path changed
  useEffect(() => {
    if (!refused || !navigationIdle) return
    setRefused(false)
    setRequest(
      (current) =>
        current ?? {
          onSuccess: () =>
            void queryClient.refetchQueries({
              predicate: (query) => query.state.status === 'error',
            }),
        },
    )
  }, [refused, navigationIdle, pathname, queryClient])

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
