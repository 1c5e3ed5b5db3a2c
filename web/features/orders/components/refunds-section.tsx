// "Stornierung und Erstattungen" in Bestelldetails (issue 19): per delivery not yet shipped a
// "Lieferung stornieren" button with a confirmation, the order's refunds with their status and
// due date, and the IBAN form where a refund goes by bank transfer.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { formatEuro } from '#contract/money.ts'
import {
  REFUND_STATUS_LABELS,
  type Refund,
  type RefundIbanBody,
  RefundIbanBodySchema,
} from '#contract/refunds.ts'
import { Button, Field, Modal } from '#web/components/ui/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import {
  type RefundsOwner,
  useCancelDelivery,
  useRefunds,
  useSetRefundIban,
} from '../refunds-api.ts'

function IbanForm({ owner, refund }: { owner: RefundsOwner; refund: Refund }) {
  const setIban = useSetRefundIban(owner)
  const { register, handleSubmit, formState } = useForm<RefundIbanBody>({
    resolver: zodResolver(RefundIbanBodySchema),
    defaultValues: { accountHolder: '', iban: '' },
  })
  return (
    <form
      method="post"
      className="refunds__iban"
      noValidate
      onSubmit={handleSubmit((body) => setIban.mutate({ refundId: refund.id, body }))}
    >
      <p className="refunds__note">
        Wir überweisen dir den Betrag. Bitte gib dafür deine Bankverbindung an.
      </p>
      <Field
        label="Kontoinhaber"
        autoComplete="name"
        {...register('accountHolder')}
        error={formState.errors.accountHolder?.message}
      />
      <Field
        label="IBAN"
        autoComplete="off"
        spellCheck={false}
        {...register('iban')}
        error={formState.errors.iban?.message}
      />
      {setIban.isError && (
        <p className="form-error" role="alert">
          {errorText(setIban.error)}
        </p>
      )}
      <Button type="submit" size="sm" pending={setIban.isPending}>
        IBAN speichern
      </Button>
    </form>
  )
}

function RefundItem({ owner, refund }: { owner: RefundsOwner; refund: Refund }) {
  const items = refund.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')
  return (
    <li className="refunds__item">
      <p className="refunds__line">
        <strong>{formatEuro(refund.amountCents)}</strong>
        <span className={`refunds__status refunds__status--${refund.status}`}>
          {REFUND_STATUS_LABELS[refund.status]}
        </span>
      </p>
      <p className="refunds__muted">
        {refund.reason === 'cancellation' && refund.deliveryNumber
          ? `Stornierung der Lieferung ${refund.deliveryNumber}`
          : 'Erstattung'}
        {items ? `: ${items}` : ''}
        {refund.shippingCents > 0 ? ' (inkl. Versandkosten)' : ''}
      </p>
      <p className="refunds__muted">
        {refund.completedAt
          ? `Erstattet am ${formatDate(refund.completedAt)}`
          : `Fällig bis ${formatDate(refund.dueAt)}`}
        {refund.ibanMasked ? ` · auf das Konto ${refund.ibanMasked}` : ''}
      </p>
      {refund.status === 'awaiting_iban' && <IbanForm owner={owner} refund={refund} />}
    </li>
  )
}

function CancelButton({ owner, deliveryNumber }: { owner: RefundsOwner; deliveryNumber: string }) {
  const [open, setOpen] = useState(false)
  const [idempotencyKey, setIdempotencyKey] = useState('')
  const cancel = useCancelDelivery(owner)
  const close = () => {
    setOpen(false)
    cancel.reset()
  }
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setIdempotencyKey(crypto.randomUUID())
          setOpen(true)
        }}
      >
        Lieferung stornieren
      </Button>
      <Modal
        open={open}
        size="sm"
        title={`Lieferung ${deliveryNumber} stornieren?`}
        onClose={close}
        footer={
          <div className="refunds__actions">
            <Button
              variant="danger"
              pending={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { deliveryNumber, idempotencyKey },
                  { onSuccess: () => setOpen(false) },
                )
              }
            >
              Ja, stornieren
            </Button>
            <Button variant="secondary" onClick={close}>
              Abbrechen
            </Button>
          </div>
        }
      >
        <p>
          Die Lieferung wird nicht verschickt. Das Geld bekommst du auf dem Weg zurück, auf dem du
          bezahlt hast; bei Vorkasse und Nachnahme überweisen wir es auf dein Konto.
        </p>
        {cancel.isError && (
          <p className="form-error" role="alert">
            {errorText(cancel.error)}
          </p>
        )}
      </Modal>
    </>
  )
}

function RefundsPanel({ owner, nested }: { owner: RefundsOwner; nested?: boolean }) {
  const overview = useRefunds(owner)
  const data = overview.data
  const cancellable = data?.deliveries.filter((delivery) => delivery.cancellable) ?? []
  if (overview.isPending) return null
  if (overview.isError)
    return (
      <p className="form-error" role="alert">
        {errorText(overview.error)}
      </p>
    )
  if (cancellable.length === 0 && (data?.refunds.length ?? 0) === 0) return null
  const Heading = nested ? 'h3' : 'h2'
  return (
    <section
      className={nested ? 'refunds refunds--nested' : 'account-panel refunds'}
      aria-labelledby="refunds-title"
    >
      <Heading id="refunds-title" className="account-panel__title">
        Stornierung und Erstattungen
      </Heading>
      {cancellable.map((delivery) => (
        <div key={delivery.deliveryNumber} className="refunds__delivery">
          <p className="refunds__line">
            Lieferung {delivery.deliveryNumber} ist noch nicht versandt.
          </p>
          <CancelButton owner={owner} deliveryNumber={delivery.deliveryNumber} />
        </div>
      ))}
      {data && data.refunds.length > 0 && (
        <>
          <p className="refunds__title">Erstattungen</p>
          <ul className="refunds__list">
            {data.refunds.map((refund) => (
              <RefundItem key={refund.id} owner={owner} refund={refund} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

/** In Bestelldetails: the customer's own order. */
export function RefundsSection({ orderNumber }: { orderNumber: string }) {
  return <RefundsPanel owner={{ orderNumber }} />
}

/** On /widerruf after the identification: the order bound to the session's token. */
export function GuestRefundsSection({ token }: { token: string }) {
  return <RefundsPanel owner={{ token }} nested />
}
