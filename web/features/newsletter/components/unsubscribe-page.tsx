import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import { NEWSLETTER_UNSUBSCRIBE_PATH, UNSUBSCRIBE_RESULTS } from '#contract/newsletter.ts'
import { Button } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { errorText, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { useUnsubscribeNewsletter } from '../api.ts'

/**
 * /newsletter/abmelden?token=…: the unsubscribe link of every newsletter mail. The button is a
 * form's: sent by the browser before the page's script runs (or without it), the server ends the
 * subscription and comes back here with `?ergebnis=`; afterwards the script sends it in place.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const result = params.get('ergebnis')
  const unsubscribe = useUnsubscribeNewsletter()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!unsubscribe.isPending) unsubscribe.mutate({ body: { token } })
  }
  const failed =
    unsubscribe.isError || (unsubscribe.isIdle && result === UNSUBSCRIBE_RESULTS.failed)
  return (
    <div className="container newsletter-result">
      <PageMeta title="Newsletter abbestellen" noindex />
      <h1>Newsletter abbestellen</h1>
      {unsubscribe.isSuccess || (unsubscribe.isIdle && result === UNSUBSCRIBE_RESULTS.done) ? (
        <div className="feedback feedback--success" role="status">
          {t('newsletter_unsubscribed')}
        </div>
      ) : (
        <form method="post" action={NEWSLETTER_UNSUBSCRIBE_PATH} onSubmit={onSubmit}>
          <p>Möchtest du diesen Newsletter wirklich nicht mehr erhalten?</p>
          {failed && (
            <div className="feedback feedback--error" role="alert">
              {unsubscribe.isError
                ? errorText(unsubscribe.error, 'newsletter_unsubscribe_failed')
                : t('newsletter_unsubscribe_failed')}
            </div>
          )}
          <input type="hidden" name="token" value={token} />
          <Button type="submit" pending={unsubscribe.isPending}>
            Newsletter abbestellen
          </Button>
        </form>
      )}
      <p className="newsletter-result__back">
        <Link to={paths.home}>Zur Startseite</Link>
      </p>
    </div>
  )
}
