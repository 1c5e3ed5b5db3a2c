// The provider's hosted card fields in an iframe: the card number never touches the shop's page.
// The iframe reports an alias by postMessage; the shop then resolves it on its server.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { CheckoutState } from '#contract/checkout.ts'
import { errorText } from '#web/lib/messages.ts'
import {
  checkoutKeys,
  useCreditCardFields,
  useSaveCreditCard,
  useSelectCreditCard,
} from '../api.ts'

export function CardFields({ state }: { state: CheckoutState }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [save, setSave] = useState(false)
  const [height, setHeight] = useState(420)
  const [changing, setChanging] = useState(!state.creditCard)
  const queryClient = useQueryClient()
  const fields = useCreditCardFields(changing)
  const saveCard = useSaveCreditCard()
  const select = useSelectCreditCard()
  const saveRef = useRef(save)
  saveRef.current = save
  const fieldsUrl = fields.data?.creditCard.fieldsUrl
  useEffect(() => {
    if (!fieldsUrl) return
    const origin = new URL(fieldsUrl, window.location.href).origin
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return
      const data = event.data as { type?: string; alias?: string; height?: number }
      if (data.type === 'card-fields:resize' && data.height) setHeight(data.height)
      if (data.type === 'card-fields:alias' && data.alias) {
        saveCard.mutate(
          { alias: data.alias, save: saveRef.current },
          { onSuccess: () => setChanging(false) },
        )
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [fieldsUrl, saveCard.mutate])
  if (state.creditCard && !changing) {
    return (
      <div className="checkout-card">
        <p>
          {state.creditCard.brand.toUpperCase()} {state.creditCard.maskedNumber}, gültig bis{' '}
          {state.creditCard.expiry}
        </p>
        <button
          type="button"
          className="checkout-link-button"
          onClick={() => {
            // Fresh fields: asking for them gives up the current card on the server.
            queryClient.removeQueries({ queryKey: checkoutKeys.cardFields() })
            setChanging(true)
          }}
        >
          Andere Karte verwenden
        </button>
      </div>
    )
  }
  return (
    <div className="checkout-card">
      {state.creditCardAliases.length > 0 && (
        <ul className="checkout-stored-cards">
          {state.creditCardAliases.map((card) => (
            <li key={card.alias}>
              <button
                type="button"
                className="checkout-link-button"
                onClick={() => select.mutate(card.alias, { onSuccess: () => setChanging(false) })}
              >
                {card.brand.toUpperCase()} {card.maskedNumber} ({card.expiry}) verwenden
              </button>
            </li>
          ))}
        </ul>
      )}
      {fieldsUrl && (
        <iframe
          ref={frame}
          src={fieldsUrl}
          title="Kreditkartendaten"
          className="checkout-card-frame"
          style={{ height }}
        />
      )}
      {!state.isLightAccount && (
        <label className="checkout-option">
          <input
            type="checkbox"
            checked={save}
            onChange={(event) => setSave(event.currentTarget.checked)}
          />
          <span>Karte für spätere Einkäufe speichern</span>
        </label>
      )}
      {saveCard.error && (
        <p className="form-error" role="alert">
          {errorText(saveCard.error, 'credit_card_verification_failed')}
        </p>
      )}
    </div>
  )
}
