import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Link } from '#web/components/ui/link.tsx'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useActivateNewsletter } from '../api.ts'

/** /newsletter/aktivieren?token=…: the link of the double opt-in mail. */
export function ActivationPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const activate = useActivateNewsletter()
  const sent = useRef(false)
  const { mutate } = activate
  useEffect(() => {
    // Once per page (StrictMode runs effects twice in development).
    if (sent.current) return
    sent.current = true
    mutate({ body: { token } })
  }, [mutate, token])
  const failed = activate.isError || (!token && sent.current)
  return (
    <div className="container newsletter-result">
      <PageMeta title="Newsletter-Aktivierung" noindex />
      <h1>Newsletter-Aktivierung</h1>
      {activate.isSuccess && (
        <div className="feedback feedback--success" role="status">
          {t('newsletter_activated')}
        </div>
      )}
      {failed && (
        <div className="feedback feedback--error" role="alert">
          {t('newsletter_activation_failed')}
        </div>
      )}
      {!activate.isSuccess && !failed && <p aria-busy="true">Deine Anmeldung wird bestätigt …</p>}
      {failed && (
        <p>
          Der Link ist vielleicht abgelaufen.{' '}
          <Link to={paths.newsletter}>Melde dich einfach noch einmal an.</Link>
        </p>
      )}
      <Link className="btn btn--secondary btn--md" to={paths.home}>
        Weiter einkaufen
      </Link>
    </div>
  )
}
