// The visitor's consent in the browser: read from the first-party bw_consent cookie (which the
// server sets with every save) and kept in memory after a save. Nothing that needs consent runs
// before this store says so; during server rendering and hydration it knows nothing yet.
import {
  type ConsentFlags,
  type ConsentServiceId,
  type ConsentState,
  noConsent,
  readConsentCookie,
} from '#contract/consent-services.ts'

export type ConsentView = {
  /** False on the server and while hydrating: nothing is decided yet, so nothing runs. */
  ready: boolean
  /** The visitor has made a decision of the current version. */
  decided: boolean
  consentId: string | null
  granted: ConsentFlags
}

const SERVER_VIEW: ConsentView = {
  ready: false,
  decided: false,
  consentId: null,
  granted: noConsent(),
}

const listeners = new Set<() => void>()
let saved: ConsentState | undefined
let cache: { key: string; view: ConsentView } | undefined

function currentState(): ConsentState | null {
  if (saved) return saved
  if (typeof document === 'undefined') return null
  return readConsentCookie(document.cookie)
}

/** The stored decision, or null when there is none (or outside a browser). */
export function readConsent(): ConsentState | null {
  return currentState()
}

/** True only when the visitor granted `service`; false on the server and without a decision. */
export function hasConsent(service: ConsentServiceId): boolean {
  return currentState()?.granted[service] ?? false
}

export function getConsentView(): ConsentView {
  if (typeof document === 'undefined') return SERVER_VIEW
  const state = currentState()
  const key = state ? `${state.consentId}:${JSON.stringify(state.granted)}` : 'none'
  if (cache?.key !== key) {
    cache = {
      key,
      view: {
        ready: true,
        decided: state !== null,
        consentId: state?.consentId ?? null,
        granted: state?.granted ?? noConsent(),
      },
    }
  }
  return cache.view
}

export function getServerConsentView(): ConsentView {
  return SERVER_VIEW
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

type WithdrawalHandler = (service: ConsentServiceId) => void
const withdrawalHandlers = new Set<WithdrawalHandler>()

/** Runs `handler` for every service the visitor withdraws (to remove what it stored). */
export function onConsentWithdrawn(handler: WithdrawalHandler): () => void {
  withdrawalHandlers.add(handler)
  return () => withdrawalHandlers.delete(handler)
}

/** After a successful save: the new decision, effective at once. */
export function applyConsent(state: ConsentState): void {
  const before = currentState()?.granted
  saved = state
  if (before) {
    for (const [service, wasGranted] of Object.entries(before) as [ConsentServiceId, boolean][]) {
      if (wasGranted && !state.granted[service]) {
        for (const handler of withdrawalHandlers) handler(service)
      }
    }
  }
  for (const listener of listeners) listener()
}

/** For tests: forget the in-memory decision. */
export function resetConsentStore(): void {
  saved = undefined
  cache = undefined
  for (const listener of listeners) listener()
}

// --- The settings dialog's open state (opened from the banner, the footer and video boxes) ---

let settingsOpen = false
const settingsListeners = new Set<() => void>()

export function openConsentSettings(): void {
  settingsOpen = true
  for (const listener of settingsListeners) listener()
}

export function closeConsentSettings(): void {
  settingsOpen = false
  for (const listener of settingsListeners) listener()
}

export function isConsentSettingsOpen(): boolean {
  return settingsOpen
}

export function subscribeConsentSettings(listener: () => void): () => void {
  settingsListeners.add(listener)
  return () => settingsListeners.delete(listener)
}
