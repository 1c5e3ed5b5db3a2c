// /backoffice/retouren/:orderNumber: one order after the sale. Its withdrawal declarations with
// the refund deadline, its returns (receive the parcel, inspect each item: back to stock or
// written off), the refund form (lines and quantities or an amount; the server computes what
// goes back and how before anything is paid) and the refunds with their states (mark a bank
// transfer done, ask the provider again after a failure).
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useParams } from 'react-router-dom'
import { z } from 'zod'
import {
  AFTER_SALE_STEP_LABELS,
  type AfterSaleDetail,
  type AfterSaleReturn,
  InspectReturnBodySchema,
  REFUND_CHANNEL_LABELS,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  type RefundProposal,
  RefundReasonSchema,
  type StaffRefundForm,
  StaffRefundFormSchema,
} from '#contract/backoffice-after-sale.ts'
import { orderPaymentName } from '#contract/payments.de.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate, formatDateTime, formatPrice } from '#web/lib/format.ts'
import { t } from '#web/lib/messages.ts'
import { problemText } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { bodyForm, euroText, Loading, wholeNumberText } from '../shared.tsx'
import {
  useAfterSaleDetail,
  useInspectReturn,
  useMarkRefundPaid,
  useReceiveReturn,
  useRefund,
  useRefundProposal,
  useRetryRefund,
} from './api.ts'

type Detail = AfterSaleDetail

function ErrorLine({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p className="form-error" role="alert">
      {problemText(error)}
    </p>
  )
}

// --- Withdrawals ---------------------------------------------------------------------------------

function Withdrawals({
  detail,
  onRefund,
}: {
  detail: Detail
  onRefund: (prefill: Prefill) => void
}) {
  if (detail.withdrawals.length === 0) return null
  return (
    <section className="after-sale-section" aria-labelledby="after-sale-withdrawals">
      <h2 id="after-sale-withdrawals">Widerrufe</h2>
      <ul className="backoffice-list">
        {detail.withdrawals.map((withdrawal) => {
          const overdue = !withdrawal.refunded && new Date(withdrawal.refundDueAt) < new Date()
          // With a return on its way, the refund is prepared from the return once inspected.
          const sentBack = detail.returns.find(
            (ret) => ret.withdrawalId === withdrawal.id && ret.status !== 'cancelled',
          )
          return (
            <li key={withdrawal.id} className="after-sale-item">
              <p>
                <strong>{formatDateTime(withdrawal.declaredAt)}</strong> von {withdrawal.name} (
                {withdrawal.email},{' '}
                {withdrawal.channel === 'account' ? 'Kundenkonto' : 'Widerrufsseite'}
                ): {withdrawal.wholeOrder ? 'ganze Bestellung' : 'einzelne Artikel'}
              </p>
              <ul>
                {withdrawal.items.map((item) => (
                  <li key={`${item.lineId}`}>
                    {item.quantity} × {item.name} ({item.articleNumber}, Lieferung{' '}
                    {item.deliveryNumber})
                  </li>
                ))}
              </ul>
              <p>
                {withdrawal.refunded ? (
                  'Erstattung angelegt.'
                ) : (
                  <span className={overdue ? 'after-sale-overdue' : undefined}>
                    Erstattung fällig bis {formatDate(withdrawal.refundDueAt)}
                    {overdue && ' (überfällig)'}
                  </span>
                )}
              </p>
              {sentBack && !withdrawal.refunded && (
                <p>
                  Rücksendung {sentBack.returnNumber}: {RETURN_STATUS_LABELS[sentBack.status]}
                </p>
              )}
              {!withdrawal.refunded && !sentBack && (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() =>
                    onRefund({
                      reason: 'withdrawal',
                      returnId: null,
                      withdrawalId: withdrawal.id,
                      quantities: Object.fromEntries(
                        withdrawal.items.map((item) => [item.lineId, item.quantity]),
                      ),
                    })
                  }
                >
                  Erstattung vorbereiten
                </Button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

// --- Returns -------------------------------------------------------------------------------------

function InspectForm({ orderNumber, ret }: { orderNumber: string; ret: AfterSaleReturn }) {
  const inspect = useInspectReturn(orderNumber)
  const form = useForm<z.input<typeof InspectReturnBodySchema>>({
    resolver: zodResolver(InspectReturnBodySchema),
    defaultValues: {
      lines: ret.lines.map((line) => ({
        orderLineId: line.orderLineId,
        outcome: undefined as unknown as 'restock',
        note: '',
      })),
    },
  })
  const errors = form.formState.errors.lines
  return (
    <form
      method="post"
      className="after-sale-inspect"
      aria-label={`Rücksendung ${ret.returnNumber} prüfen`}
      onSubmit={form.handleSubmit((body) => inspect.mutate({ id: ret.id, body }))}
    >
      {ret.lines.map((line, index) => (
        <fieldset key={line.orderLineId} className="after-sale-inspect__line">
          <legend>
            {line.quantity} × {line.name} ({line.articleNumber})
          </legend>
          <label>
            <input type="radio" value="restock" {...form.register(`lines.${index}.outcome`)} />{' '}
            Zurück ins Lager
          </label>
          <label>
            <input type="radio" value="write_off" {...form.register(`lines.${index}.outcome`)} />{' '}
            Abschreiben (beschädigt, unvollständig)
          </label>
          <Field
            label="Prüfvermerk"
            optional
            maxLength={500}
            error={errors?.[index]?.note?.message}
            {...form.register(`lines.${index}.note`)}
          />
          {errors?.[index]?.outcome?.message && (
            <p className="field__error" role="alert">
              Bitte wähle: zurück ins Lager oder abschreiben.
            </p>
          )}
        </fieldset>
      ))}
      <Button type="submit" pending={inspect.isPending}>
        Prüfung abschließen
      </Button>
      <ErrorLine error={inspect.error} />
    </form>
  )
}

function ReturnCard({
  orderNumber,
  ret,
  onRefund,
}: {
  orderNumber: string
  ret: AfterSaleReturn
  onRefund: (prefill: Prefill) => void
}) {
  const receive = useReceiveReturn(orderNumber)
  return (
    <li className="after-sale-item">
      <h3>
        Rücksendung {ret.returnNumber}: {RETURN_KIND_LABELS[ret.kind]} ·{' '}
        <span className="backoffice-badge">{RETURN_STATUS_LABELS[ret.status]}</span>
      </h3>
      <p>
        Angemeldet {formatDateTime(ret.createdAt)} · {ret.carrier} Sendungsnummer{' '}
        {ret.trackingNumber}
        {ret.receivedAt && ` · eingegangen ${formatDateTime(ret.receivedAt)}`}
        {ret.inspectedAt && ` · geprüft ${formatDateTime(ret.inspectedAt)}`}
      </p>
      {ret.reason && <p>Mangel laut Kunde: {ret.reason}</p>}
      <ul>
        {ret.lines.map((line) => (
          <li key={line.orderLineId}>
            {line.quantity} × {line.name} ({line.articleNumber})
            {line.outcome &&
              ` – ${line.outcome === 'restock' ? 'zurück ins Lager' : 'abgeschrieben'}`}
            {line.note && ` (${line.note})`}
          </li>
        ))}
      </ul>
      {ret.status === 'announced' && (
        <Button type="button" pending={receive.isPending} onClick={() => receive.mutate(ret.id)}>
          Paket eingegangen
        </Button>
      )}
      <ErrorLine error={receive.error} />
      {ret.status === 'received' && <InspectForm orderNumber={orderNumber} ret={ret} />}
      {ret.status === 'inspected' && (
        <Button
          type="button"
          onClick={() =>
            onRefund({
              reason: ret.kind,
              returnId: ret.id,
              withdrawalId: ret.withdrawalId,
              quantities: Object.fromEntries(
                ret.lines.map((line) => [line.orderLineId, line.quantity]),
              ),
            })
          }
        >
          Erstattung vorbereiten
        </Button>
      )}
    </li>
  )
}

function Returns({ detail, onRefund }: { detail: Detail; onRefund: (prefill: Prefill) => void }) {
  if (detail.returns.length === 0) return null
  return (
    <section className="after-sale-section" aria-labelledby="after-sale-returns">
      <h2 id="after-sale-returns">Rücksendungen</h2>
      <ul className="backoffice-list">
        {detail.returns.map((ret) => (
          <ReturnCard key={ret.id} orderNumber={detail.orderNumber} ret={ret} onRefund={onRefund} />
        ))}
      </ul>
    </section>
  )
}

// --- The refund form -----------------------------------------------------------------------------

type Prefill = {
  reason: StaffRefundForm['reason']
  returnId: number | null
  withdrawalId: string | null
  quantities: Record<number, number>
}

/** The form's texts become the contract's refund body (quantities and euros as typed). */
const RefundFields = z.object({
  reason: RefundReasonSchema,
  returnId: z.number().nullable(),
  withdrawalId: z.string().nullable(),
  lines: z.array(
    z.object({
      orderLineId: z.number(),
      quantity: wholeNumberText.transform((value) => value ?? 0),
    }),
  ),
  adjustmentCents: euroText.transform((value) => value ?? 0),
})
const RefundFormSchema = bodyForm(RefundFields, StaffRefundFormSchema)
type RefundFormInput = z.input<typeof RefundFields>

function refundableLines(detail: Detail) {
  return detail.lines.filter(
    (line) => line.kind === 'product' && line.quantity - line.refundedQuantity > 0,
  )
}

function formValues(detail: Detail, prefill: Prefill | null): RefundFormInput {
  return {
    reason: prefill?.reason ?? 'goodwill',
    returnId: prefill?.returnId ?? null,
    withdrawalId: prefill?.withdrawalId ?? null,
    lines: refundableLines(detail).map((line) => ({
      orderLineId: line.orderLineId,
      quantity: String(
        Math.min(prefill?.quantities[line.orderLineId] ?? 0, line.quantity - line.refundedQuantity),
      ),
    })),
    adjustmentCents: '',
  }
}

function ProposalView({ proposal }: { proposal: RefundProposal }) {
  const { breakdown } = proposal
  return (
    <div className="after-sale-proposal" role="status">
      <p>
        <strong>Erstattung: {formatPrice(proposal.amountCents)}</strong> ·{' '}
        {REFUND_CHANNEL_LABELS[proposal.channel]} · fällig bis {formatDate(proposal.dueAt)}
      </p>
      <ul>
        {breakdown.lines.map((line) => (
          <li key={line.orderLineId}>
            {line.quantity} × {line.name}: {formatPrice(line.goodsCents)}
            {line.couponCents !== 0 && `, Gutscheinanteil ${formatPrice(line.couponCents)}`}
            {line.extrasCents !== 0 && `, Zusatzleistungen ${formatPrice(line.extrasCents)}`}
          </li>
        ))}
        {breakdown.shippingCents > 0 && (
          <li>Versandkosten: {formatPrice(breakdown.shippingCents)}</li>
        )}
        {breakdown.paymentFeeCents > 0 && (
          <li>Nachnahmegebühr: {formatPrice(breakdown.paymentFeeCents)}</li>
        )}
        {breakdown.adjustmentCents > 0 && (
          <li>Zusätzlicher Betrag: {formatPrice(breakdown.adjustmentCents)}</li>
        )}
      </ul>
    </div>
  )
}

function RefundForm({ detail, prefill }: { detail: Detail; prefill: Prefill | null }) {
  const propose = useRefundProposal(detail.orderNumber)
  const refund = useRefund(detail.orderNumber)
  const [key, setKey] = useState(() => crypto.randomUUID())
  const [body, setBody] = useState<StaffRefundForm | null>(null)
  const form = useForm<RefundFormInput, unknown, StaffRefundForm>({
    resolver: zodResolver(RefundFormSchema),
    defaultValues: formValues(detail, prefill),
  })
  const { fields } = useFieldArray({ control: form.control, name: 'lines' })
  const lines = refundableLines(detail)
  const errors = form.formState.errors
  const reset = () => {
    setBody(null)
    propose.reset()
  }
  return (
    <section className="after-sale-section" aria-labelledby="after-sale-refund">
      <h2 id="after-sale-refund">Erstattung anlegen</h2>
      <form
        method="post"
        aria-label="Erstattung anlegen"
        onChange={reset}
        onSubmit={form.handleSubmit((values) => {
          setBody(values)
          propose.mutate(values)
        })}
      >
        <SelectField label="Anlass" error={errors.reason?.message} {...form.register('reason')}>
          {RefundReasonSchema.options.map((reason) => (
            <option key={reason} value={reason}>
              {REFUND_REASON_LABELS[reason]}
            </option>
          ))}
        </SelectField>
        {fields.length === 0 && <p>Alle Artikel sind bereits erstattet.</p>}
        {fields.map((field, index) => {
          const line = lines[index]
          if (!line) return null
          const left = line.quantity - line.refundedQuantity
          return (
            <Field
              key={field.id}
              label={`${line.name} (${line.articleNumber}, Lieferung ${line.deliveryNumber}), ${formatPrice(line.unitPriceCents)} je Stück, erstattbar ${left}`}
              inputMode="numeric"
              maxLength={6}
              error={errors.lines?.[index]?.quantity?.message}
              {...form.register(`lines.${index}.quantity`)}
            />
          )
        })}
        {(errors.lines?.message ?? errors.lines?.root?.message) && (
          <p className="field__error" role="alert">
            {t(errors.lines?.message ?? errors.lines?.root?.message ?? '')}
          </p>
        )}
        <Field
          label="Zusätzlicher Betrag in Euro (Kulanz, Minderung)"
          optional
          inputMode="decimal"
          maxLength={12}
          error={errors.adjustmentCents?.message}
          {...form.register('adjustmentCents')}
        />
        <Button type="submit" variant="secondary" pending={propose.isPending}>
          Betrag berechnen
        </Button>
      </form>
      <ErrorLine error={propose.error} />
      {propose.data && body && (
        <>
          <ProposalView proposal={propose.data} />
          <Button
            type="button"
            pending={refund.isPending}
            onClick={() =>
              refund.mutate(
                { ...body, idempotencyKey: key },
                {
                  onSuccess: () => {
                    setKey(crypto.randomUUID())
                    reset()
                  },
                },
              )
            }
          >
            {formatPrice(propose.data.amountCents)} erstatten
          </Button>
        </>
      )}
      <ErrorLine error={refund.error} />
    </section>
  )
}

// --- Refunds -------------------------------------------------------------------------------------

/** Why the provider did not pay, in staff words (the code itself for anything unknown). */
const FAILURE_TEXTS: Record<string, string> = {
  payment_missing:
    'Zu dieser Bestellung gibt es keine Zahlung beim Zahlungsdienst (z. B. eine übernommene Altbestellung).',
  payment_not_found: 'Der Zahlungsdienst kennt die Zahlung nicht.',
  payment_invalid_state: 'Die Zahlung lässt das im aktuellen Zustand nicht zu.',
  payment_amount_invalid: 'Der Betrag ist höher als das, was noch erstattet werden kann.',
  idempotency_conflict: 'Der Zahlungsdienst kennt diese Erstattung mit anderen Angaben.',
}

function Refunds({ detail }: { detail: Detail }) {
  const paid = useMarkRefundPaid(detail.orderNumber)
  const retry = useRetryRefund(detail.orderNumber)
  if (detail.refunds.length === 0) return null
  return (
    <section className="after-sale-section" aria-labelledby="after-sale-refunds">
      <h2 id="after-sale-refunds">Erstattungen</h2>
      <ul className="backoffice-list">
        {detail.refunds.map((refund) => (
          <li key={refund.id} className="after-sale-item">
            <p>
              <strong>{formatPrice(refund.amountCents)}</strong> ·{' '}
              {REFUND_REASON_LABELS[refund.reason]} · {REFUND_CHANNEL_LABELS[refund.channel]} ·{' '}
              <span className="backoffice-badge">{REFUND_STATUS_LABELS[refund.status]}</span>
            </p>
            <p>
              Angelegt {formatDateTime(refund.createdAt)}
              {refund.completedAt && ` · erledigt ${formatDateTime(refund.completedAt)}`}
              {refund.status !== 'completed' && (
                <span className={refund.overdue ? 'after-sale-overdue' : undefined}>
                  {' '}
                  · fällig bis {formatDate(refund.dueAt)}
                  {refund.overdue && ' (überfällig)'}
                </span>
              )}
            </p>
            {refund.ibanMasked && (
              <p>
                Konto: {refund.accountHolder}, IBAN {refund.ibanMasked}
              </p>
            )}
            {refund.failure && refund.status === 'failed' && (
              <p className="form-error">
                Antwort des Zahlungsdienstes: {FAILURE_TEXTS[refund.failure] ?? refund.failure}
              </p>
            )}
            {refund.status === 'pending' && refund.channel === 'bank_transfer' && (
              <Button type="button" pending={paid.isPending} onClick={() => paid.mutate(refund.id)}>
                Überweisung ausgeführt
              </Button>
            )}
            {(refund.status === 'failed' ||
              (refund.status === 'pending' && refund.channel !== 'bank_transfer')) && (
              <Button
                type="button"
                pending={retry.isPending}
                onClick={() => retry.mutate(refund.id)}
              >
                Erneut versuchen
              </Button>
            )}
            {refund.status === 'failed' && (
              <Button
                type="button"
                variant="secondary"
                pending={paid.isPending}
                onClick={() => {
                  if (
                    window.confirm(
                      'Wurde der Betrag außerhalb des Shops erstattet (beim Zahlungsdienst oder per Überweisung)?',
                    )
                  )
                    paid.mutate(refund.id)
                }}
              >
                Außerhalb erstattet
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ErrorLine error={paid.error ?? retry.error} />
    </section>
  )
}

export function AfterSaleCasePage() {
  const orderNumber = useParams().orderNumber ?? ''
  const query = useAfterSaleDetail(orderNumber)
  // Each "Erstattung vorbereiten" remounts the form with its lines and quantities.
  const [prefill, setPrefill] = useState<{ n: number; value: Prefill | null }>({
    n: 0,
    value: null,
  })
  if (query.data?.status !== 200) return <Loading error={query.error} />
  const detail = query.data.body
  const onRefund = (value: Prefill) => {
    setPrefill((current) => ({ n: current.n + 1, value }))
    requestAnimationFrame(() =>
      document.getElementById('after-sale-refund')?.scrollIntoView({ block: 'start' }),
    )
  }
  return (
    <div className="backoffice-area after-sale-case">
      <p>
        <Link to={backofficePaths.afterSale}>← Zu Widerrufe & Retouren</Link>
      </p>
      <p role="status">
        Bestellung <Link to={backofficePaths.order(detail.orderNumber)}>{detail.orderNumber}</Link>{' '}
        vom {formatDateTime(detail.createdAt)} · Nächster Schritt:{' '}
        <strong>{AFTER_SALE_STEP_LABELS[detail.nextStep]}</strong>
      </p>
      <dl className="backoffice-facts">
        <dt>Kunde</dt>
        <dd>
          <Link to={backofficePaths.customer(detail.customerId)}>{detail.customerName}</Link> (
          {detail.email}) · {detail.customerType === 'business' ? 'Geschäftskunde' : 'Privatkunde'}
        </dd>
        <dt>Zahlung</dt>
        <dd>{detail.paymentLabel ?? orderPaymentName(detail.paymentMethod)}</dd>
        <dt>Summe</dt>
        <dd>{formatPrice(detail.totalCents)}</dd>
        <dt>Erstattet</dt>
        <dd>{formatPrice(detail.refundedCents)}</dd>
      </dl>
      <Withdrawals detail={detail} onRefund={onRefund} />
      <Returns detail={detail} onRefund={onRefund} />
      <RefundForm
        key={`${prefill.n}-${detail.refunds.length}`}
        detail={detail}
        prefill={prefill.value}
      />
      <Refunds detail={detail} />
    </div>
  )
}
