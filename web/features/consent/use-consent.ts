import { useSyncExternalStore } from 'react'
import {
  type ConsentView,
  getConsentView,
  getServerConsentView,
  isConsentSettingsOpen,
  subscribeConsent,
  subscribeConsentSettings,
} from './consent-store.ts'

/**
 * The visitor's consent for rendering. On the server and during hydration `ready` is false and
 * nothing is granted, so the first HTML never contains anything that needs consent.
 */
export function useConsent(): ConsentView {
  return useSyncExternalStore(subscribeConsent, getConsentView, getServerConsentView)
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(subscribeConsentSettings, isConsentSettingsOpen, () => false)
}
