import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while the server renders and while the browser hydrates its HTML, true afterwards: for
 * markup that may differ between the server and the browser (a portal, a part that depends on
 * the visitor on a page that is also cached for guests) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
