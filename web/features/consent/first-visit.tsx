// Whether the consent banner belongs on the page, known already in the first HTML: the server
// reads the visitor's consent cookie from the request, the browser the same cookie from
// document.cookie, so the server's HTML and the hydrating browser agree. The banner is then part
// of the first paint instead of appearing after hydration (it was the pages' largest late paint).
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react'
import { readConsentCookie } from '#contract/consent-services.ts'
import { getConsentView, subscribeConsent } from './consent-store.ts'

/** Server rendering: true when the request carries no consent decision. Null in the browser. */
const NoDecisionContext = createContext<boolean | null>(null)

export function ConsentRequestProvider({
  cookieHeader,
  children,
}: {
  cookieHeader: string | null
  children: ReactNode
}) {
  return (
    <NoDecisionContext.Provider value={readConsentCookie(cookieHeader) === null}>
      {children}
    </NoDecisionContext.Provider>
  )
}

/** True while the visitor has not decided: the banner shows (also in the server's HTML). */
export function useNoDecision(): boolean {
  const fromRequest = useContext(NoDecisionContext)
  return useSyncExternalStore(
    subscribeConsent,
    () => !getConsentView().decided,
    () => fromRequest ?? needsConsentBanner(),
  )
}

/** In the browser: no consent decision yet, so the page carries the banner. */
export function needsConsentBanner(): boolean {
  return typeof document !== 'undefined' && readConsentCookie(document.cookie) === null
}
