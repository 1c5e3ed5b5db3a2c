import { type ComponentType, lazy, Suspense, useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { closeConsentSettings, onConsentWithdrawn, openConsentSettings } from '../consent-store.ts'
import { useNoDecision } from '../first-visit.tsx'
import { forgetSuggestionSession } from '../search-session.ts'
import { track } from '../tracking.ts'
import { useConsent, useConsentSettingsOpen } from '../use-consent.ts'

// Both layers are chunks of their own: a visitor who has decided never loads the banner.
const LazyConsentBanner = lazy(() =>
  import('./consent-banner.tsx').then((module) => ({ default: module.ConsentBanner })),
)

const ConsentSettings = lazy(() =>
  import('./consent-settings.tsx').then((module) => ({ default: module.ConsentSettings })),
)

// A page without a consent decision has the banner in its first HTML. Both the server (before
// rendering) and the browser (before hydrating) load its module first and render it without a
// Suspense boundary: a boundary React completes late would need an inline script, which the
// Content-Security-Policy forbids, and the browser's markup must match the server's.
let loadedBanner: ComponentType<{ onSettings: () => void }> | null = null

/** Loads the banner's module (server: every render; browser: before hydration, if needed). */
export async function preloadConsentBanner(): Promise<void> {
  loadedBanner ??= (await import('./consent-banner.tsx')).ConsentBanner
}

/** Page views and scroll depth, only while statistics is granted. */
function PageTracking({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a new page view and a new scroll measurement
  useEffect(() => {
    if (!enabled) return
    void track('page_view')
    let stop: (() => void) | undefined
    let cancelled = false
    void import('../scroll-tracking.ts').then((module) => {
      if (!cancelled) stop = module.startScrollTracking()
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [enabled, pathname])
  return null
}

/**
 * The consent manager in the page frame: the banner until a decision exists, the settings dialog
 * when opened (loaded then), and the tracking that consent allows.
 */
export function ConsentRoot() {
  const consent = useConsent()
  const settingsOpen = useConsentSettingsOpen()
  const noDecision = useNoDecision()
  const LoadedBanner = loadedBanner
  useEffect(() => onConsentWithdrawn((s) => s === 'search' && forgetSuggestionSession()), [])
  useEffect(() => {
    if (consent.ready && !consent.granted.search) forgetSuggestionSession()
  }, [consent.ready, consent.granted.search])
  return (
    <>
      {noDecision &&
        !settingsOpen &&
        (LoadedBanner ? (
          <LoadedBanner onSettings={openConsentSettings} />
        ) : (
          <Suspense fallback={null}>
            <LazyConsentBanner onSettings={openConsentSettings} />
          </Suspense>
        ))}
      {settingsOpen && (
        <Suspense fallback={null}>
          <ConsentSettings onClose={closeConsentSettings} />
        </Suspense>
      )}
      <PageTracking enabled={consent.granted.statistics} />
    </>
  )
}

/** "Cookie-Einstellungen" in the footer: reopens the consent manager at any time. */
export function ConsentSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={openConsentSettings}>
      Cookie-Einstellungen
    </button>
  )
}
