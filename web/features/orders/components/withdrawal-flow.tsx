// The two steps of a withdrawal (issue 19, § 356a BGB), the same in "Bestelldetails" and on the
// public page: 1. a short form (name, e-mail for the acknowledgement, the whole order or chosen
// items and quantities), 2. a summary with "Widerruf bestätigen". Then the confirmation with
// the declaration's date and time. No reason is asked.
import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationResult } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  type WithdrawalDeclareBody,
  type WithdrawalDelivery,
  type WithdrawalForm,
  WithdrawalFormSchema,
} from '#contract/withdrawal.ts'
import {
  Button,
  ERROR_DELAY_MS,
  Field,
  SelectField,
  useDelayedValue,
} from '#web/components/ui/index.ts'
import { formatDate, formatDateTime } from '#web/lib/format.ts'
import { errorText, t } from '#web/lib/messages.ts'
import type { DeclaredWithdrawal, WithdrawalOptionsData } from '../withdrawal-api.ts'

type Declare = UseMutationResult<DeclaredWithdrawal, unknown, WithdrawalDeclareBody>

/** Why a delivery (or the order) is not offered, in German, with the period's end filled in. */
export function unavailableText(
  reason: NonNullable<WithdrawalDelivery['reason']>,
  deliveries: WithdrawalDelivery[],
): string {
  const ends = deliveries
    .filter((delivery) => delivery.reason === reason && delivery.withdrawableUntil)
    .map((delivery) => delivery.withdrawableUntil as string)
    .sort()
  const last = ends[ends.length - 1]
  return t(reason, { date: last ? formatDate(last) : '' })
}

/** One line per delivery: until when it can be withdrawn, or why not. */
export function DeliveryPeriod({ delivery }: { delivery: WithdrawalDelivery }) {
  let text: string
  if (delivery.available && delivery.withdrawableUntil)
    text = `Zugestellt am ${formatDate(delivery.receivedAt ?? delivery.withdrawableUntil)} · widerrufbar bis ${formatDate(delivery.withdrawableUntil)}`
  else if (delivery.available && delivery.receivedAt)
    // Received, another delivery of the order is still on its way (§ 356 (2) Nr. 1 b BGB).
    text = `Zugestellt am ${formatDate(delivery.receivedAt)} · widerrufbar bis 14 Tage nach Erhalt der letzten Lieferung`
  else if (delivery.available)
    text = `${delivery.statusLabel} · widerrufbar bis 14 Tage nach Erhalt`
  else text = delivery.reason ? unavailableText(delivery.reason, [delivery]) : ''
  return (
    <p className="withdrawal__period">
      <strong>Lieferung {delivery.deliveryNumber}:</strong> {text}
    </p>
  )
}

/** 0..max, the choices of a quantity select. */
function quantities(max: number): number[] {
  return Array.from({ length: max + 1 }, (_, quantity) => quantity)
}

type Chosen = { lineId: number; name: string; deliveryNumber: string; quantity: number }

function chosenItems(options: WithdrawalOptionsData, values: WithdrawalForm): Chosen[] {
  return options.deliveries.flatMap((delivery) =>
    delivery.items.flatMap((item) => {
      const quantity = values.wholeOrder
        ? item.withdrawableQuantity
        : (values.items.find((chosen) => chosen.lineId === item.lineId)?.quantity ?? 0)
      return quantity > 0
        ? [
            {
              lineId: item.lineId,
              name: item.productName,
              deliveryNumber: delivery.deliveryNumber,
              quantity,
            },
          ]
        : []
    }),
  )
}

function ItemList({ items }: { items: Chosen[] }) {
  return (
    <ul className="withdrawal__items">
      {items.map((item) => (
        <li key={item.lineId}>
          {`${item.quantity} × ${item.name}`}{' '}
          <span className="withdrawal__muted">(Lieferung {item.deliveryNumber})</span>
        </li>
      ))}
    </ul>
  )
}

function StepOne({
  options,
  initial,
  onNext,
  onCancel,
}: {
  options: WithdrawalOptionsData
  initial: WithdrawalForm | null
  onNext: (values: WithdrawalForm) => void
  onCancel?: () => void
}) {
  const scopeId = useId()
  const withdrawable = options.deliveries.flatMap((delivery) =>
    delivery.items
      .filter((item) => item.withdrawableQuantity > 0)
      .map((item) => ({ delivery, item })),
  )
  const { register, handleSubmit, control, setValue, formState } = useForm<WithdrawalForm>({
    resolver: zodResolver(WithdrawalFormSchema),
    defaultValues: initial ?? {
      name: options.name,
      email: options.email,
      wholeOrder: true,
      items: withdrawable.map(({ item }) => ({ lineId: item.lineId, quantity: 0 })),
    },
  })
  const wholeOrder = useWatch({ control, name: 'wholeOrder' })
  const itemsError = useDelayedValue(
    (formState.errors.items as { message?: string } | undefined)?.message ??
      formState.errors.items?.root?.message,
    ERROR_DELAY_MS,
  )
  return (
    <form method="post" className="withdrawal__form" onSubmit={handleSubmit(onNext)} noValidate>
      <p className="withdrawal__step">Schritt 1 von 2: Angaben zum Widerruf</p>
      <Field
        label="Name"
        autoComplete="name"
        {...register('name')}
        error={formState.errors.name?.message}
      />
      <Field
        label="E-Mail-Adresse für die Eingangsbestätigung"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={formState.errors.email?.message}
      />
      <fieldset className="withdrawal__scope" aria-describedby={scopeId}>
        <legend className="field__label">Was möchtest du widerrufen?</legend>
        <p id={scopeId} className="field__hint">
          Eine Begründung ist nicht nötig.
        </p>
        <label className="choice">
          <input
            type="radio"
            name="withdrawal-scope"
            checked={wholeOrder}
            onChange={() => setValue('wholeOrder', true, { shouldValidate: formState.isSubmitted })}
          />
          <span className="choice__label">Die ganze Bestellung {options.orderNumber}</span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="withdrawal-scope"
            checked={!wholeOrder}
            onChange={() =>
              setValue('wholeOrder', false, { shouldValidate: formState.isSubmitted })
            }
          />
          <span className="choice__label">Einzelne Artikel</span>
        </label>
      </fieldset>
      {!wholeOrder && (
        <div className="withdrawal__choose">
          {withdrawable.map(({ delivery, item }, index) => (
            <SelectField
              key={item.lineId}
              label={`${item.productName} (Lieferung ${delivery.deliveryNumber})`}
              {...register(`items.${index}.quantity`, { valueAsNumber: true })}
            >
              {quantities(item.withdrawableQuantity).map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity === 0 ? 'nicht widerrufen' : `${quantity} Stück`}
                </option>
              ))}
            </SelectField>
          ))}
          {itemsError && (
            <p className="field__error" role="alert">
              {t(itemsError)}
            </p>
          )}
        </div>
      )}
      <div className="withdrawal__actions">
        <Button type="submit">Weiter zur Bestätigung</Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Abbrechen
          </Button>
        )}
      </div>
    </form>
  )
}

/** The confirmation after the declaration: its date and time, items and the mail's address. */
export function WithdrawalDone({ declaration }: { declaration: DeclaredWithdrawal }) {
  return (
    <div className="withdrawal__done" role="status">
      <h3 className="withdrawal__title">Dein Widerruf ist bei uns eingegangen</h3>
      <p>
        Eingegangen am <strong>{formatDateTime(declaration.declaredAt)} Uhr</strong> für die
        Bestellung {declaration.orderNumber}.
      </p>
      <ItemList
        items={declaration.items.map((item) => ({
          lineId: item.lineId,
          name: item.name,
          deliveryNumber: item.deliveryNumber,
          quantity: item.quantity,
        }))}
      />
      <p>
        Eine Eingangsbestätigung mit diesem Inhalt haben wir an <strong>{declaration.email}</strong>{' '}
        geschickt.
      </p>
    </div>
  )
}

/** The whole flow for one order's options; `declare` is the customer's or the guest's call. */
export function WithdrawalFlow({
  options,
  declare,
  onCancel,
}: {
  options: WithdrawalOptionsData
  declare: Declare
  onCancel?: () => void
}) {
  const [values, setValues] = useState<WithdrawalForm | null>(null)
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form')
  const [idempotencyKey, setIdempotencyKey] = useState('')
  const [declared, setDeclared] = useState<DeclaredWithdrawal | null>(null)

  if (step === 'done' && declared) return <WithdrawalDone declaration={declared} />

  if (step === 'confirm' && values) {
    const items = chosenItems(options, values)
    return (
      <div className="withdrawal__confirm">
        <p className="withdrawal__step">Schritt 2 von 2: Widerruf bestätigen</p>
        <dl className="withdrawal__summary">
          <div>
            <dt>Bestellung</dt>
            <dd>{options.orderNumber}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{values.name}</dd>
          </div>
          <div>
            <dt>Bestätigung an</dt>
            <dd>{values.email}</dd>
          </div>
          <div>
            <dt>Umfang</dt>
            <dd>{values.wholeOrder ? 'die ganze Bestellung' : 'die gewählten Artikel'}</dd>
          </div>
        </dl>
        <ItemList items={items} />
        <p>
          Mit „Widerruf bestätigen“ widerrufst du den Vertrag über diese Artikel. Du bekommst sofort
          eine Eingangsbestätigung per E-Mail.
        </p>
        {declare.isError && (
          <p className="form-error" role="alert">
            {errorText(declare.error)}
          </p>
        )}
        <div className="withdrawal__actions">
          <Button
            pending={declare.isPending}
            onClick={() =>
              declare.mutate(
                { ...values, idempotencyKey },
                {
                  onSuccess: (declaration) => {
                    setDeclared(declaration)
                    setStep('done')
                  },
                },
              )
            }
          >
            Widerruf bestätigen
          </Button>
          <Button variant="secondary" disabled={declare.isPending} onClick={() => setStep('form')}>
            Zurück
          </Button>
        </div>
      </div>
    )
  }

  return (
    <StepOne
      options={options}
      initial={values}
      onCancel={onCancel}
      onNext={(next) => {
        setValues(next)
        // One key per confirmation: a double click or a retried request is one declaration.
        setIdempotencyKey(crypto.randomUUID())
        declare.reset()
        setStep('confirm')
      }}
    />
  )
}
