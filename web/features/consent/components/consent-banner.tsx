import { useEffect, useId, useRef, useState } from 'react'
import { allConsent, noConsent } from '#contract/consent-services.ts'
import { Button } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { saveConsentDecision } from '../api.ts'

/**
 * The first layer of the consent manager: fixed at the bottom as an overlay (it never moves the
 * page, so no layout shift), with "Alle ablehnen" as prominent as "Alle akzeptieren".
 */
export function ConsentBanner({ onSettings }: { onSettings: () => void }) {
  const titleId = useId()
  const textId = useId()
  const [pending, setPending] = useState<'accept_all' | 'deny_all' | null>(null)
  const [failed, setFailed] = useState(false)
  // The banner is in the server's HTML: its buttons work once the page is hydrated.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const busy = !hydrated || pending !== null
  const ref = useRef<HTMLElement>(null)
  // Floating buttons (help) move up by the banner's height instead of hiding under it.
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const root = document.documentElement
    const update = () =>
      root.style.setProperty('--consent-banner-height', `${element.offsetHeight}px`)
    update()
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty('--consent-banner-height')
    }
  }, [])
  const decide = async (action: 'accept_all' | 'deny_all') => {
    setPending(action)
    setFailed(false)
    const saved = await saveConsentDecision(
      action,
      action === 'accept_all' ? allConsent() : noConsent(),
    )
    setPending(null)
    setFailed(!saved)
  }
  return (
    <section
      ref={ref}
      className="consent-banner"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <div className="consent-banner__inner container">
        <div className="consent-banner__text">
          <h2 id={titleId} className="consent-banner__title">
            Deine Privatsphäre, deine Wahl
          </h2>
          <p id={textId}>
            Technisch notwendige Cookies brauchen wir, damit Warenkorb und Anmeldung funktionieren.
            Mit deiner Einwilligung nutzen wir außerdem Statistik, personalisierte Empfehlungen und
            Suchvorschläge, YouTube-Videos und drei Marketing-Partner. Du kannst deine Auswahl
            jederzeit unter „Cookie-Einstellungen“ ändern. Mehr in der{' '}
            <Link to={paths.info('privacy')}>Datenschutzerklärung</Link>.
          </p>
          {failed && (
            <p className="consent-error" role="alert">
              {t('consent_save_failed')}
            </p>
          )}
        </div>
        <div className="consent-banner__actions">
          <Button variant="link" onClick={onSettings} disabled={busy}>
            Einstellungen
          </Button>
          <Button
            variant="secondary"
            pending={pending === 'deny_all'}
            disabled={busy}
            onClick={() => void decide('deny_all')}
          >
            Alle ablehnen
          </Button>
          <Button
            variant="secondary"
            pending={pending === 'accept_all'}
            disabled={busy}
            onClick={() => void decide('accept_all')}
          >
            Alle akzeptieren
          </Button>
        </div>
      </div>
    </section>
  )
}
