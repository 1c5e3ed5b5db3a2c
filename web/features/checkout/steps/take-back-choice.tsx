// The old-device question of the electrical equipment law (§ 17 (1) sentence 3 ElektroG): for an
// order with a large appliance the shopper is told that the old device is picked up free at
// delivery and asked whether they want it; the order cannot be placed without an answer.

import type { CheckoutState } from '#contract/checkout.ts'
import { Link } from '#web/components/ui/link.tsx'
import { paths } from '#web/lib/paths.ts'
import { useChooseOldDeviceTakeBack } from '../api.ts'
import { problemText } from '../problem-text.ts'

export function TakeBackChoice({ state }: { state: CheckoutState }) {
  const choose = useChooseOldDeviceTakeBack()
  const question = state.oldDeviceTakeBack
  if (!question.asked) return null
  const names = state.products
    .filter((product) => question.productIds.includes(product.id))
    .map((product) => product.name)
  return (
    <fieldset className="checkout-take-back">
      <legend>Altgerät kostenlos mitnehmen lassen?</legend>
      <p className="checkout-take-back__hint">
        Bei der Lieferung von {names.join(', ')} nehmen wir ein Altgerät der gleichen Geräteart
        kostenlos mit. Kleinere Altgeräte kannst du uns jederzeit kostenlos zurückschicken (
        <Link to={paths.disposal}>Hinweise zu Altgeräten und Batterien</Link>).
      </p>
      <label className="checkout-option">
        <input
          type="radio"
          name="old-device-take-back"
          checked={question.selected === true}
          onChange={() => choose.mutate(true)}
        />
        <span>Ja, bitte nehmt bei der Lieferung mein Altgerät kostenlos mit.</span>
      </label>
      <label className="checkout-option">
        <input
          type="radio"
          name="old-device-take-back"
          checked={question.selected === false}
          onChange={() => choose.mutate(false)}
        />
        <span>Nein, ich möchte kein Altgerät zurückgeben.</span>
      </label>
      {choose.error && (
        <p className="form-error" role="alert">
          {problemText(choose.error)}
        </p>
      )}
    </fieldset>
  )
}
