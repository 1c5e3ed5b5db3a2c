// "Vergleichen" on tiles and the product page (issue 22): a checkbox-like button, checked while
// the product is in the header's `comparison` list. A refusal (other category, list full) stays
// on screen with its German text; for another category it offers "Vergleich neu beginnen".
// Part of the first load: kept small, texts from the core catalogue.
// The toggle is a form's submit button: a tap before the page's script has taken over is sent by
// the browser itself, and the server answers with the comparison page and the outcome (a refusal
// there offers "Vergleich neu beginnen"). Afterwards the script changes the list in place.
import { type FormEvent, useState } from 'react'
import {
  COMPARISON_ADD_FORM_PATH,
  COMPARISON_REMOVE_FORM_PATH,
} from '#contract/comparison-paths.ts'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { type Feedback, FeedbackMessage, feedback } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import type { CompareToggleProps } from '#web/features/catalog/index.ts'
import { useHeaderBody } from '#web/features/header/index.ts'
import { paths } from '#web/lib/paths.ts'
import { refusalOf, useComparisonChange } from '../api.ts'

type Refusal = { text: string; restart: boolean }

export function CompareToggle({ productId, productName, variant }: CompareToggleProps) {
  const ids = useHeaderBody()?.comparison
  const change = useComparisonChange()
  const [optimistic, setOptimistic] = useState<boolean | null>(null)
  const [message, setMessage] = useState<Feedback | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const checked = optimistic ?? ids?.includes(productId) ?? false

  const run = (add: boolean, restart = false) => {
    setOptimistic(add)
    setRefusal(null)
    change.mutate(add ? { kind: 'add', productId, restart } : { kind: 'remove', productId }, {
      onSuccess: () =>
        setMessage(feedback('success', t(add ? 'comparison_added' : 'comparison_removed'))),
      onError: (error) => {
        setOptimistic(!add)
        const { code, categoryName = '' } = refusalOf(error)
        if (code === 'comparison_category_mismatch') {
          setRefusal({ text: t(code, { categoryName }), restart: true })
        } else if (code === 'comparison_full') {
          setRefusal({ text: t(code), restart: false })
        } else {
          setMessage(feedback('error', t('comparison_failed')))
        }
      },
      onSettled: () => setOptimistic(null),
    })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!change.isPending) run(!checked)
  }

  return (
    <form
      method="post"
      action={checked ? COMPARISON_REMOVE_FORM_PATH : COMPARISON_ADD_FORM_PATH}
      className={`compare-toggle compare-toggle--${variant}`}
      onSubmit={onSubmit}
    >
      <button
        type="submit"
        name="productId"
        value={productId}
        className={`compare-toggle__button${checked ? ' is-checked' : ''}`}
        aria-pressed={checked}
        aria-label={`${productName} vergleichen`}
        disabled={change.isPending}
      >
        <span className="compare-toggle__box" aria-hidden="true" />
        Vergleichen
      </button>
      {checked && ids && ids.length > 1 && (
        <Link to={paths.comparison} className="compare-toggle__link">
          Zum Vergleich ({ids.length})
        </Link>
      )}
      {refusal && (
        <div className="compare-toggle__refusal" role="alert">
          <p>{refusal.text}</p>
          <div className="compare-toggle__refusal-actions">
            {refusal.restart ? (
              <button
                type="button"
                className="compare-toggle__restart"
                onClick={() => run(true, true)}
              >
                Vergleich neu beginnen
              </button>
            ) : (
              <Link to={paths.comparison}>Zum Vergleich</Link>
            )}
            <button
              type="button"
              className="compare-toggle__close"
              onClick={() => setRefusal(null)}
            >
              Schließen
            </button>
          </div>
        </div>
      )}
      <FeedbackMessage feedback={message} onDone={() => setMessage(null)} />
    </form>
  )
}
