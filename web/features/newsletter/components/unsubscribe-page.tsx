import { useSearchParams } from 'react-router-dom'
import { Button } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { errorText, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useUnsubscribeNewsletter } from '../api.ts'

/** /newsletter/abmelden?token=…: the unsubscribe link of every newsletter mail. */
export function UnsubscribePage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const unsubscribe = useUnsubscribeNewsletter()
  return (
    <div className="container newsletter-result">
      <PageMeta title="Newsletter abbestellen" noindex />
      <h1>Newsletter abbestellen</h1>
      {unsubscribe.isSuccess ? (
        <div className="feedback feedback--success" role="status">
          {t('newsletter_unsubscribed')}
        </div>
      ) : (
        <>
          <p>Möchtest du diesen Newsletter wirklich nicht mehr erhalten?</p>
          {unsubscribe.isError && (
            <div className="feedback feedback--error" role="alert">
              {errorText(unsubscribe.error, 'newsletter_unsubscribe_failed')}
            </div>
          )}
          <Button
            pending={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate({ body: { token } })}
          >
            Newsletter abbestellen
          </Button>
        </>
      )}
      <p className="newsletter-result__back">
        <Link to={paths.home}>Zur Startseite</Link>
      </p>
    </div>
  )
}
