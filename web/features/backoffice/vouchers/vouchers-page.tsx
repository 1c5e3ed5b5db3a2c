// /backoffice/gutscheine: every voucher with its use; admins create new codes (value in euros
// or percent, minimum order, validity, usage limits).
import { zodResolver } from '@hookform/resolvers/zod'
import { createColumnHelper } from '@tanstack/react-table'
import { useForm, useWatch } from 'react-hook-form'
import { useSearchParams } from 'react-router-dom'
import { z } from 'zod'
import { type BackofficeVoucher, BackofficeVoucherBodySchema } from '#contract/backoffice.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDate, formatPrice } from '#web/lib/format.ts'
import { useStaffMe } from '../api.ts'
import { DataTable } from '../components/data-table.tsx'
import { problemText, useCreateVoucher, useVouchers } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { bodyForm, dayText, euroText, Loading, wholeNumberText } from '../shared.tsx'

export function voucherValue(voucher: Pick<BackofficeVoucher, 'kind' | 'valueCents' | 'percent'>) {
  return voucher.kind === 'percent' ? `${voucher.percent} %` : formatPrice(voucher.valueCents ?? 0)
}

export function voucherValidity(voucher: Pick<BackofficeVoucher, 'validFrom' | 'validUntil'>) {
  if (!voucher.validFrom && !voucher.validUntil) return 'unbegrenzt'
  return [
    voucher.validFrom && `ab ${formatDate(voucher.validFrom)}`,
    voucher.validUntil && `bis ${formatDate(voucher.validUntil)}`,
  ]
    .filter(Boolean)
    .join(' ')
}

/** The create form: texts and checkboxes, checked by the contract's BackofficeVoucherBodySchema. */
const VoucherFormSchema = bodyForm(
  z
    .object({
      code: z.string(),
      title: z.string(),
      kind: z.enum(['value', 'percent']),
      valueCents: euroText,
      percent: wholeNumberText,
      minOrderCents: euroText.transform((cents) => cents ?? 0),
      validFrom: dayText,
      validUntil: dayText,
      maxUses: wholeNumberText,
      oncePerCustomer: z.boolean(),
      businessOnly: z.boolean(),
    })
    // Only the chosen kind's amount goes into the body.
    .transform((form) => ({
      ...form,
      valueCents: form.kind === 'value' ? form.valueCents : null,
      percent: form.kind === 'percent' ? form.percent : null,
    })),
  BackofficeVoucherBodySchema,
)

const EMPTY: z.input<typeof VoucherFormSchema> = {
  code: '',
  title: '',
  kind: 'value',
  valueCents: '',
  percent: '',
  minOrderCents: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  oncePerCustomer: false,
  businessOnly: false,
}

function CreateVoucherForm() {
  const create = useCreateVoucher()
  const { register, handleSubmit, reset, control, formState } = useForm({
    resolver: zodResolver(VoucherFormSchema),
    defaultValues: EMPTY,
  })
  const errors = formState.errors
  const kind = useWatch({ control, name: 'kind' })
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-labelledby="voucher-create"
      onSubmit={handleSubmit((body) => create.mutate(body, { onSuccess: () => reset(EMPTY) }))}
    >
      <h2 id="voucher-create">Neuer Gutschein</h2>
      <Field label="Code" error={errors.code?.message} {...register('code')} />
      <Field
        label="Bezeichnung"
        hint="So erscheint der Gutschein in Warenkorb und Rechnung."
        error={errors.title?.message}
        {...register('title')}
      />
      <SelectField label="Art" error={errors.kind?.message} {...register('kind')}>
        <option value="value">Betrag (€)</option>
        <option value="percent">Prozent</option>
      </SelectField>
      {kind === 'value' ? (
        <Field
          key="valueCents"
          label="Betrag (€)"
          inputMode="decimal"
          error={errors.valueCents?.message}
          {...register('valueCents')}
        />
      ) : (
        <Field
          key="percent"
          label="Prozent"
          inputMode="numeric"
          error={errors.percent?.message}
          {...register('percent')}
        />
      )}
      <Field
        label="Mindestbestellwert (€)"
        optional
        inputMode="decimal"
        error={errors.minOrderCents?.message}
        {...register('minOrderCents')}
      />
      <Field
        label="Gültig ab"
        optional
        type="date"
        error={errors.validFrom?.message}
        {...register('validFrom')}
      />
      <Field
        label="Gültig bis"
        optional
        type="date"
        error={errors.validUntil?.message}
        {...register('validUntil')}
      />
      <Field
        label="Einlösungen insgesamt höchstens"
        optional
        inputMode="numeric"
        error={errors.maxUses?.message}
        {...register('maxUses')}
      />
      <label className="checkbox">
        <input type="checkbox" {...register('oncePerCustomer')} /> Einmal pro Kunde
      </label>
      <label className="checkbox">
        <input type="checkbox" {...register('businessOnly')} /> Nur für Geschäftskunden
      </label>
      {create.error && (
        <p className="form-error" role="alert">
          {problemText(create.error)}
        </p>
      )}
      {create.isSuccess && <p role="status">Gutschein {create.data.body.code} wurde angelegt.</p>}
      <Button type="submit" pending={create.isPending}>
        Gutschein anlegen
      </Button>
    </form>
  )
}

const column = createColumnHelper<BackofficeVoucher>()
const VOUCHER_COLUMNS = [
  column.accessor('code', {
    header: 'Code',
    cell: ({ row: { original: voucher } }) => (
      <>
        <Link to={backofficePaths.voucher(voucher.id)}>{voucher.code}</Link>
        <div>{voucher.title}</div>
      </>
    ),
  }),
  column.display({ id: 'value', header: 'Wert', cell: ({ row }) => voucherValue(row.original) }),
  column.accessor('minOrderCents', {
    header: 'Mindestwert',
    cell: (info) => (info.getValue() > 0 ? formatPrice(info.getValue()) : '–'),
  }),
  column.display({
    id: 'validity',
    header: 'Gültigkeit',
    cell: ({ row }) => voucherValidity(row.original),
  }),
  column.accessor('usedCount', {
    header: 'Eingelöst',
    cell: ({ row: { original: voucher } }) =>
      `${voucher.usedCount}${voucher.maxUses !== null ? ` von ${voucher.maxUses}` : ''}`,
  }),
  column.accessor('redeemedCents', {
    header: 'Rabatt gesamt',
    cell: (info) => formatPrice(info.getValue()),
  }),
  column.accessor((v) => (v.active ? 'ja' : 'nein'), { id: 'active', header: 'Aktiv' }),
]

export function VouchersPage() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const list = useVouchers(page)
  const data = list.data?.status === 200 ? list.data.body : undefined
  return (
    <div className="backoffice-area">
      {isAdmin ? <CreateVoucherForm /> : <p>Gutscheine legt die Administration an.</p>}
      {!data && <Loading error={list.error} />}
      {data && (
        <DataTable
          caption="Gutscheine"
          columns={VOUCHER_COLUMNS}
          rows={data.vouchers}
          rowId={(voucher) => String(voucher.id)}
          serverPage={{
            page,
            total: data.total,
            pageSize: data.pageSize,
            onPage: (next) => setParams({ seite: String(next) }),
          }}
        />
      )}
    </div>
  )
}
