// /backoffice/gutscheine: every voucher with its use; admins create new codes (value in euros
// or percent, minimum order, validity, usage limits).
import { createColumnHelper } from '@tanstack/react-table'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { BackofficeVoucher } from '#contract/backoffice.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { formatDate, formatPrice } from '#web/lib/format.ts'
import { useStaffMe } from '../api.ts'
import { DataTable } from '../components/data-table.tsx'
import { problemText, useCreateVoucher, useVouchers } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { centsOf, Loading } from '../shared.tsx'

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

const EMPTY = {
  code: '',
  title: '',
  kind: 'value' as 'value' | 'percent',
  value: '',
  minOrder: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  oncePerCustomer: false,
  businessOnly: false,
}

function CreateVoucherForm() {
  const create = useCreateVoucher()
  const [form, setForm] = useState(EMPTY)
  const [problem, setProblem] = useState<string | null>(null)
  const set = (patch: Partial<typeof EMPTY>) => setForm({ ...form, ...patch })
  return (
    <form
      className="backoffice-form"
      aria-labelledby="voucher-create"
      onSubmit={(event) => {
        event.preventDefault()
        const valueCents = form.kind === 'value' ? centsOf(form.value) : null
        const percent = form.kind === 'percent' ? Number(form.value) : null
        const minOrderCents = centsOf(form.minOrder) ?? 0
        if (
          Number.isNaN(valueCents) ||
          Number.isNaN(minOrderCents) ||
          (percent !== null && !Number.isInteger(percent))
        ) {
          setProblem('Bitte gib Beträge wie 10,00 und Prozente als ganze Zahl ein.')
          return
        }
        setProblem(null)
        create.mutate(
          {
            code: form.code,
            title: form.title,
            kind: form.kind,
            valueCents,
            percent,
            minOrderCents,
            businessOnly: form.businessOnly,
            validFrom: form.validFrom || null,
            validUntil: form.validUntil || null,
            maxUses: form.maxUses ? Number(form.maxUses) : null,
            oncePerCustomer: form.oncePerCustomer,
          },
          { onSuccess: () => setForm(EMPTY) },
        )
      }}
    >
      <h2 id="voucher-create">Neuer Gutschein</h2>
      <Field label="Code" value={form.code} onChange={(e) => set({ code: e.target.value })} />
      <Field
        label="Bezeichnung"
        hint="So erscheint der Gutschein in Warenkorb und Rechnung."
        value={form.title}
        onChange={(e) => set({ title: e.target.value })}
      />
      <SelectField
        label="Art"
        value={form.kind}
        onChange={(e) => set({ kind: e.target.value as 'value' | 'percent' })}
      >
        <option value="value">Betrag (€)</option>
        <option value="percent">Prozent</option>
      </SelectField>
      <Field
        label={form.kind === 'value' ? 'Betrag (€)' : 'Prozent'}
        inputMode="decimal"
        value={form.value}
        onChange={(e) => set({ value: e.target.value })}
      />
      <Field
        label="Mindestbestellwert (€)"
        optional
        inputMode="decimal"
        value={form.minOrder}
        onChange={(e) => set({ minOrder: e.target.value })}
      />
      <Field
        label="Gültig ab"
        optional
        type="date"
        value={form.validFrom}
        onChange={(e) => set({ validFrom: e.target.value })}
      />
      <Field
        label="Gültig bis"
        optional
        type="date"
        value={form.validUntil}
        onChange={(e) => set({ validUntil: e.target.value })}
      />
      <Field
        label="Einlösungen insgesamt höchstens"
        optional
        inputMode="numeric"
        value={form.maxUses}
        onChange={(e) => set({ maxUses: e.target.value })}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.oncePerCustomer}
          onChange={(e) => set({ oncePerCustomer: e.target.checked })}
        />{' '}
        Einmal pro Kunde
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.businessOnly}
          onChange={(e) => set({ businessOnly: e.target.checked })}
        />{' '}
        Nur für Geschäftskunden
      </label>
      {(problem || create.error) && (
        <p className="form-error" role="alert">
          {problem ?? problemText(create.error)}
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
