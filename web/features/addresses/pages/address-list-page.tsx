import { useState } from 'react'
import { Outlet } from 'react-router-dom'
import type { Address } from '#contract/addresses.ts'
import {
  Button,
  type Feedback,
  FeedbackMessage,
  feedback,
  Modal,
} from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { errorText, t } from '#web/lib/messages.ts'
import { useAddresses, useDeleteAddress } from '../api.ts'
import { addressPaths } from '../paths.ts'

const TYPE_LABEL: Record<Address['type'], string | null> = {
  normal: null,
  packstation: 'DHL Packstation',
  paketshop: 'Hermes PaketShop',
}

function AddressLines({ address }: { address: Address }) {
  const name = `${address.firstName} ${address.lastName}`.trim()
  return (
    <address className="address-card__lines">
      {address.company && <span>{address.company}</span>}
      {name && <span>{name}</span>}
      {address.type === 'packstation' ? (
        <>
          <span>Postnummer {address.postNumber}</span>
          <span>Packstation {address.streetNumber}</span>
        </>
      ) : (
        <span>{`${address.streetName} ${address.streetNumber}`}</span>
      )}
      <span>{`${address.zipCode} ${address.cityName}`}</span>
      <span>{address.countryName}</span>
    </address>
  )
}

function AddressCard({
  address,
  onDelete,
}: {
  address: Address
  onDelete?: (address: Address) => void
}) {
  const label = TYPE_LABEL[address.type]
  const name = `${address.streetName} ${address.streetNumber}, ${address.cityName}`
  return (
    <li className="address-card">
      {label && <span className="address-card__badge">{label}</span>}
      <AddressLines address={address} />
      <div className="address-card__actions">
        <Link
          className="btn btn--secondary btn--sm"
          to={addressPaths.edit(address.id, address.defaultAddress ? 'billing' : 'delivery')}
          aria-label={`Adresse ${name} bearbeiten`}
        >
          Bearbeiten
        </Link>
        {onDelete && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onDelete(address)}
            aria-label={`Adresse ${name} löschen`}
          >
            Löschen
          </Button>
        )}
      </div>
    </li>
  )
}

/**
 * Mein Adressbuch (account-area §2): the billing address (or, for light accounts and customers
 * without one, the note with the button to create it) and the delivery addresses with edit and
 * delete (confirmation Nein/Ja). Adding delivery addresses needs a billing address.
 */
export function AddressListPage() {
  const list = useAddresses()
  const remove = useDeleteAddress()
  const [confirm, setConfirm] = useState<Address | null>(null)
  const [message, setMessage] = useState<Feedback | null>(null)

  if (list.isPending) {
    return (
      <div className="account-loader" role="status">
        <span className="account-loader__spinner" aria-hidden="true" />
        Adressen werden geladen …
      </div>
    )
  }
  if (list.isError) {
    return (
      <p className="form-error" role="alert">
        {errorText(list.error)}
      </p>
    )
  }
  const { address, rules } = list.data.body
  const billing = rules.isLightAccount ? undefined : address.find((a) => a.defaultAddress)
  const deliveries = rules.isLightAccount ? [] : address.filter((a) => !a.defaultAddress)

  const onConfirm = () => {
    if (!confirm) return
    remove.mutate(confirm.id, {
      onSuccess: () => setMessage(feedback('success', t('address_deleted'))),
      onError: (error) => setMessage(feedback('error', errorText(error, 'address_delete_failed'))),
      onSettled: () => setConfirm(null),
    })
  }

  return (
    <div className="address-book">
      <FeedbackMessage feedback={message} onDone={() => setMessage(null)} />
      <section className="account-panel" aria-labelledby="billing-title">
        <h2 id="billing-title" className="account-panel__title">
          Rechnungsadresse
        </h2>
        {billing ? (
          <ul className="address-list">
            <AddressCard address={billing} />
          </ul>
        ) : (
          <div className="address-book__empty">
            <p>
              {rules.isLightAccount
                ? 'Du hast bisher als Gast bei uns bestellt und noch keine Rechnungsadresse in deinem Kundenkonto. Lege sie jetzt an, dann ist dein Kundenkonto vollständig.'
                : 'Du hast noch keine Rechnungsadresse hinterlegt.'}
            </p>
            <Link className="btn btn--primary btn--md" to={addressPaths.newBilling}>
              Rechnungsadresse anlegen
            </Link>
          </div>
        )}
      </section>

      <section className="account-panel" aria-labelledby="delivery-title">
        <h2 id="delivery-title" className="account-panel__title">
          {deliveries.length > 1 ? 'Lieferadressen' : 'Lieferadresse'}
        </h2>
        {deliveries.length > 0 ? (
          <ul className="address-list">
            {deliveries.map((item) => (
              <AddressCard key={item.id} address={item} onDelete={setConfirm} />
            ))}
          </ul>
        ) : (
          <p className="account-panel__note">
            {billing
              ? 'Du hast noch keine abweichende Lieferadresse. Wir liefern an deine Rechnungsadresse.'
              : 'Lieferadressen kannst du anlegen, sobald deine Rechnungsadresse hinterlegt ist.'}
          </p>
        )}
        {billing && (
          <Link
            className="btn btn--secondary btn--md address-book__add"
            to={addressPaths.newDelivery}
          >
            Neue Lieferadresse hinzufügen
          </Link>
        )}
      </section>

      <Modal
        open={confirm !== null}
        title="Adresse löschen"
        size="sm"
        onClose={() => setConfirm(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Nein
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={onConfirm}>
              Ja
            </Button>
          </>
        }
      >
        <p>Möchtest du diese Lieferadresse wirklich löschen?</p>
        {confirm && <AddressLines address={confirm} />}
      </Modal>
      <Outlet />
    </div>
  )
}
