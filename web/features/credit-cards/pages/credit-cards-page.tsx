import { useEffect, useRef, useState } from 'react'
import { CARD_BRAND_LABELS, type CreditCard, formatCardExpiry } from '#contract/credit-cards.ts'
import {
  Button,
  type Feedback,
  FeedbackMessage,
  feedback,
  Modal,
} from '#web/components/ui/index.ts'
import { useCustomerData } from '#web/features/account/index.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { useCardFormData, useCreditCards, useRemoveCards, useSaveCard } from '../api.ts'

type CardMessage =
  | { type: 'card-fields:alias'; alias: string }
  | { type: 'card-fields:resize'; height: number }
  | { type: 'card-fields:error' }

/**
 * The provider's hosted card form in an iframe. Only the alias it reports reaches the shop;
 * messages count only from the form's origin and its own window.
 */
function AddCardForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const formData = useCardFormData()
  const save = useSaveCard()
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(380)
  const { mutate: loadForm } = formData
  const { mutate: saveAlias } = save
  const formUrl = formData.data?.formUrl

  useEffect(() => loadForm(), [loadForm])

  useEffect(() => {
    if (!formUrl) return
    const origin = new URL(formUrl, window.location.href).origin
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return
      const message = event.data as CardMessage | null
      if (message?.type === 'card-fields:resize')
        setHeight(Math.min(Math.max(message.height + 4, 240), 900))
      else if (message?.type === 'card-fields:alias')
        saveAlias(message.alias, { onSuccess: onSaved })
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [formUrl, saveAlias, onSaved])

  return (
    <section className="account-panel card-form" aria-labelledby="card-form-title">
      <h2 id="card-form-title" className="account-panel__title">
        Neue Kreditkarte
      </h2>
      <p className="account-panel__note">
        Deine Kartendaten gibst du direkt bei unserem Zahlungsdienstleister ein. Wir speichern nur
        Kartentyp, die letzten Ziffern, das Ablaufdatum und den Karteninhaber.
      </p>
      {formData.isError && (
        <p className="form-error" role="alert">
          {errorText(formData.error)}
        </p>
      )}
      {formUrl && (
        <iframe
          ref={frame}
          className="card-form__frame"
          title="Kartendaten eingeben (Zahlungsdienstleister)"
          src={formUrl}
          style={{ height }}
        />
      )}
      {save.isPending && (
        <p role="status" className="account-panel__note">
          Karte wird gespeichert …
        </p>
      )}
      {save.isError && (
        <p className="form-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <Button variant="ghost" onClick={onCancel}>
        Abbrechen
      </Button>
    </section>
  )
}

function CardItem({
  card,
  checked,
  onToggle,
}: {
  card: CreditCard
  checked: boolean
  onToggle: () => void
}) {
  const brand = CARD_BRAND_LABELS[card.brand] ?? card.brand
  const id = `card-${card.id}`
  return (
    <li className={`card-item${card.expired ? ' card-item--expired' : ''}`}>
      <input id={id} type="checkbox" checked={checked} onChange={onToggle} />
      <label htmlFor={id} className="card-item__label">
        <span className="card-item__brand">{brand}</span>
        <span className="card-item__number">{card.number}</span>
        <span className="card-item__holder">{card.holder}</span>
        <span className="card-item__expiry">
          {card.expired ? 'Abgelaufen:' : 'Läuft ab:'} {formatCardExpiry(card.expiration.date)}
        </span>
      </label>
    </li>
  )
}

/**
 * Meine Kreditkartendaten (account-area §2, §8, §9): stored cards masked except the last group,
 * select several and remove them (confirmation, singular or plural success text, reload), add a
 * card through the provider's hosted form. Light accounts have no cards.
 */
export function CreditCardsPage() {
  const customer = useCustomerData()
  const isLight = customer.data?.body.isLightAccount ?? false
  const cards = useCreditCards(customer.isSuccess && !isLight)
  const remove = useRemoveCards()
  const [selected, setSelected] = useState<number[]>([])
  const [confirm, setConfirm] = useState(false)
  const [adding, setAdding] = useState(false)
  const [message, setMessage] = useState<Feedback | null>(null)

  if (customer.isSuccess && isLight) {
    return (
      <div className="account-panel">
        <p>Kreditkarten kannst du speichern, sobald dein Kundenkonto vollständig ist.</p>
      </div>
    )
  }
  if (customer.isPending || cards.isPending) {
    return (
      <div className="account-loader" role="status">
        <span className="account-loader__spinner" aria-hidden="true" />
        Kreditkarten werden geladen …
      </div>
    )
  }
  if (cards.isError) {
    return (
      <p className="form-error" role="alert">
        {errorText(cards.error)}
      </p>
    )
  }
  const list = cards.data
  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((value) => value !== id) : [...current, id],
    )
  const onRemove = () => {
    const ids = selected.filter((id) => list.some((card) => card.id === id))
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected([])
        setMessage(
          feedback('success', t(ids.length === 1 ? 'credit_card_removed' : 'credit_cards_removed')),
        )
      },
      onError: () => setMessage(feedback('error', t('general_error'))),
      onSettled: () => setConfirm(false),
    })
  }

  return (
    <div className="credit-cards">
      <FeedbackMessage feedback={message} onDone={() => setMessage(null)} />
      <section className="account-panel" aria-labelledby="cards-title">
        <h2 id="cards-title" className="account-panel__title">
          Gespeicherte Kreditkarten
        </h2>
        {list.length === 0 ? (
          <p className="account-panel__note">Du hast noch keine Kreditkarte gespeichert.</p>
        ) : (
          <>
            <ul className="card-list">
              {list.map((card) => (
                <CardItem
                  key={card.id}
                  card={card}
                  checked={selected.includes(card.id)}
                  onToggle={() => toggle(card.id)}
                />
              ))}
            </ul>
            <Button
              variant="secondary"
              disabled={selected.length === 0}
              onClick={() => setConfirm(true)}
            >
              {selected.length > 1
                ? `${selected.length} Karten entfernen`
                : 'Ausgewählte Karte entfernen'}
            </Button>
          </>
        )}
      </section>

      {adding ? (
        <AddCardForm
          onSaved={() => {
            setAdding(false)
            setMessage(feedback('success', t('credit_card_saved')))
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button variant="primary" onClick={() => setAdding(true)}>
          Kreditkarte hinzufügen
        </Button>
      )}

      <Modal
        open={confirm}
        title={selected.length > 1 ? 'Kreditkarten entfernen' : 'Kreditkarte entfernen'}
        size="sm"
        onClose={() => setConfirm(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(false)}>
              Nein
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={onRemove}>
              Ja
            </Button>
          </>
        }
      >
        <p>
          {selected.length > 1
            ? `Möchtest du die ${selected.length} ausgewählten Kreditkarten wirklich entfernen?`
            : 'Möchtest du die ausgewählte Kreditkarte wirklich entfernen?'}
        </p>
      </Modal>
    </div>
  )
}
