import { useState } from 'react'
import { noConsent } from '#contract/consent-services.ts'
import { Button } from '#web/components/ui/index.ts'
import { saveConsentDecision } from '../api.ts'
import { openConsentSettings, readConsent } from '../consent-store.ts'
import { useConsent } from '../use-consent.ts'

type VideoEmbedProps = { youtubeId: string; title: string }

/**
 * A YouTube video that loads only with consent to "Videos (YouTube)"; before that (and on the
 * server) a placeholder of the same size. Withdrawing the consent removes the player again.
 * Nothing is requested from Google before consent, not even a preview image.
 */
export function VideoEmbed({ youtubeId, title }: VideoEmbedProps) {
  const { granted } = useConsent()
  const [pending, setPending] = useState(false)
  if (granted.youtube) {
    return (
      <div className="video-embed">
        <iframe
          className="video-embed__frame"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}`}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    )
  }
  const allow = async () => {
    setPending(true)
    const granted = { ...(readConsent()?.granted ?? noConsent()), youtube: true }
    await saveConsentDecision('save', granted)
    setPending(false)
  }
  return (
    <div className="video-embed video-embed--placeholder">
      <div className="video-embed__notice">
        <p className="video-embed__title">{title}</p>
        <p>
          Dieses Video wird von YouTube (Google) bereitgestellt. Wenn du es lädst, überträgt dein
          Browser Daten an Google, auch in die USA.
        </p>
        <div className="video-embed__actions">
          <Button pending={pending} onClick={() => void allow()}>
            YouTube erlauben und Video laden
          </Button>
          <Button variant="link" onClick={openConsentSettings}>
            Cookie-Einstellungen
          </Button>
        </div>
      </div>
    </div>
  )
}
