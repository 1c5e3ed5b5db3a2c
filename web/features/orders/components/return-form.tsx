// "Rücksendung anmelden" (issue 19), the same in Bestelldetails and on /widerruf: the kind
// (Widerruf for declared items, Reklamation within the warranty with a description of the
// defect), items and quantities; on submit the label is issued and can be downloaded.
import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationResult } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import {
  type ReturnCreateBody,
  ReturnFormSchema,
  type ReturnForm as ReturnFormValues,
  type ReturnKind,
} from '#contract/returns.ts'
import { Button, ERROR_DELAY_MS, SelectField, useDelayedValue } from '#web/components/ui/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { errorText, t } from '#web/lib/messages.ts'
import type { RegisteredReturn, ReturnsData } from '../returns-api.ts'

export type CreateReturn = UseMutationResult<RegisteredReturn, unknown, ReturnCreateBody>

/** 0..max, the choices of a quantity select. */
function quantities(max: number): number[] {
  return Array.from({ length: max + 1 }, (_, quantity) => quantity)
}

function maxOf(item: ReturnsData['items'][number], kind: ReturnKind): number {
  return kind === 'withdrawal' ? item.withdrawalQuantity : item.defectQuantity
}

export function ReturnForm({
  data,
  create,
  onCreated,
  onCancel,
}: {
  data: ReturnsData
  create: CreateReturn
  onCreated: (created: RegisteredReturn) => void
  onCancel: () => void
}) {
  const reasonId = useId()
  const kindId = useId()
  // One key per form: a double click or a retried request is one return and one label.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const { register, handleSubmit, control, setValue, formState } = useForm<ReturnFormValues>({
    resolver: zodResolver(ReturnFormSchema),
    defaultValues: {
      kind: data.withdrawalAvailable ? 'withdrawal' : 'defect',
      lines: data.items.map((item) => ({ orderLineId: item.orderLineId, quantity: 0 })),
      reason: '',
    },
  })
  const kind = useWatch({ control, name: 'kind' })
  const linesError = useDelayedValue(
    (formState.errors.lines as { message?: string } | undefined)?.message ??
      formState.errors.lines?.root?.message,
    ERROR_DELAY_MS,
  )
  const reasonError = useDelayedValue(formState.errors.reason?.message, ERROR_DELAY_MS)
  // The latest end among the items that can still go back as a Reklamation.
  const warrantyEnd = data.items
    .filter((item) => item.defectQuantity > 0 && item.defectUntil)
    .map((item) => item.defectUntil as string)
    .sort()
    .at(-1)
  const chooseKind = (next: ReturnKind) => {
    setValue('kind', next)
    // The quantities of the other kind do not carry over.
    data.items.forEach((_, index) => {
      setValue(`lines.${index}.quantity`, 0)
    })
  }
  return (
    <form
      method="post"
      className="returns__form"
      noValidate
      onSubmit={handleSubmit((values) =>
        create.mutate({ ...values, idempotencyKey }, { onSuccess: onCreated }),
      )}
    >
      <fieldset className="withdrawal__scope">
        <legend className="field__label" id={kindId}>
          Warum schickst du die Ware zurück?
        </legend>
        <label className="choice">
          <input
            type="radio"
            name="return-kind"
            checked={kind === 'withdrawal'}
            disabled={!data.withdrawalAvailable}
            onChange={() => chooseKind('withdrawal')}
          />
          <span className="choice__label">
            Widerruf{!data.withdrawalAvailable && ' (nur für Artikel mit erklärtem Widerruf)'}
          </span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="return-kind"
            checked={kind === 'defect'}
            disabled={!data.defectAvailable}
            onChange={() => chooseKind('defect')}
          />
          <span className="choice__label">Reklamation (die Ware hat einen Mangel)</span>
        </label>
      </fieldset>
      <div className="withdrawal__choose">
        {data.items.map((item, index) =>
          maxOf(item, kind) > 0 ? (
            <SelectField
              key={`${kind}-${item.orderLineId}`}
              label={`${item.productName} (Lieferung ${item.deliveryNumber})`}
              {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
            >
              {quantities(maxOf(item, kind)).map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity === 0 ? 'nicht zurücksenden' : `${quantity} Stück`}
                </option>
              ))}
            </SelectField>
          ) : null,
        )}
        {linesError && (
          <p className="field__error" role="alert">
            {t(linesError)}
          </p>
        )}
      </div>
      {kind === 'defect' && (
        <div className={reasonError ? 'field field--error' : 'field'}>
          <label className="field__label" htmlFor={reasonId}>
            Beschreibung des Mangels
          </label>
          <textarea
            id={reasonId}
            className="field__input returns__reason"
            rows={4}
            maxLength={1000}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : `${reasonId}-hint`}
            {...register('reason')}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="field__error" role="alert">
              {t(reasonError)}
            </p>
          ) : (
            <p id={`${reasonId}-hint`} className="field__hint">
              Was funktioniert nicht, seit wann? 10 bis 1000 Zeichen.
              {warrantyEnd && ` Gewährleistung bis ${formatDate(warrantyEnd)}.`}
            </p>
          )}
        </div>
      )}
      {create.isError && (
        <p className="form-error" role="alert">
          {errorText(create.error)}
        </p>
      )}
      <div className="withdrawal__actions">
        <Button type="submit" pending={create.isPending}>
          Retourenschein erstellen
        </Button>
        <Button variant="secondary" disabled={create.isPending} onClick={onCancel}>
          Abbrechen
        </Button>
      </div>
    </form>
  )
}
