// /backoffice/artikel: products by name, brand, article number or EAN (each opens the whole
// product, issue 21, "Neuer Artikel" creates one); admins quickly edit price,
// strike-through and Campus price, stock and the active flag (the shop shows it at once), and see
// the price history of the last 30 days with the comparison price the shop shows (§ 11 PAngV).
import { zodResolver } from '@hookform/resolvers/zod'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router-dom'
import { z } from 'zod'
import { type BackofficeProduct, BackofficeProductBodySchema } from '#contract/backoffice.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDateTime, formatPrice } from '#web/lib/format.ts'
import { useStaffMe } from '../api.ts'
import { DataTable } from '../components/data-table.tsx'
import { problemText, useProductPrices, useProducts, useUpdateProduct } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import {
  bodyForm,
  euroInput,
  euroText,
  Loading,
  requiredEuroText,
  requiredWholeNumberText,
} from '../shared.tsx'

/** The edit form: euro and number texts, checked by the contract's BackofficeProductBodySchema. */
const ProductFormSchema = bodyForm(
  z.object({
    priceCents: requiredEuroText,
    strikeThroughPriceCents: euroText,
    campusPriceCents: euroText,
    stock: requiredWholeNumberText,
    active: z.boolean(),
  }),
  BackofficeProductBodySchema,
)

function ProductForm({ product, onDone }: { product: BackofficeProduct; onDone: () => void }) {
  const update = useUpdateProduct()
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: {
      priceCents: euroInput(product.priceCents),
      strikeThroughPriceCents: euroInput(product.strikeThroughPriceCents),
      campusPriceCents: euroInput(product.campusPriceCents),
      stock: String(product.stock),
      active: product.active,
    },
  })
  const stale =
    (update.error as { body?: { code?: string } } | null)?.body?.code ===
    'backoffice_product_changed'
  const errors = formState.errors
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-label={`${product.name} bearbeiten`}
      onSubmit={handleSubmit((body) =>
        update.mutate(
          { id: product.id, body: { ...body, version: product.version } },
          { onSuccess: onDone },
        ),
      )}
    >
      <h2>
        {product.name} <small>({product.articleNumber})</small>
      </h2>
      <Field
        label="Preis (€)"
        inputMode="decimal"
        error={errors.priceCents?.message}
        {...register('priceCents')}
      />
      <Field
        label="Streichpreis (€)"
        optional
        inputMode="decimal"
        error={errors.strikeThroughPriceCents?.message}
        {...register('strikeThroughPriceCents')}
      />
      <p className="backoffice-hint">
        Ein Streichpreis kündigt eine Preissenkung an. Der Shop zeigt als Vergleichspreis immer den
        niedrigsten Preis der 30 Tage vor der Senkung (§ 11 PAngV) und berechnet den Rabatt daraus;
        liegt der Preis nicht darunter, zeigt er keinen Vergleichspreis.
      </p>
      <PriceHistory productId={product.id} />
      <Field
        label="Campus-Preis (€)"
        optional
        inputMode="decimal"
        error={errors.campusPriceCents?.message}
        {...register('campusPriceCents')}
      />
      <Field
        label="Bestand"
        inputMode="numeric"
        error={errors.stock?.message}
        {...register('stock')}
      />
      <label className="checkbox">
        <input type="checkbox" {...register('active')} /> Im Shop sichtbar (aktiv)
      </label>
      {update.error && (
        <p className="form-error" role="alert">
          {problemText(update.error)}
          {stale && ' Schließe das Formular und öffne es erneut, um den neuen Stand zu laden.'}
        </p>
      )}
      <div className="backoffice-actions">
        <Button type="submit" pending={update.isPending}>
          Speichern
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  )
}

const SOURCE_TEXT = {
  seed: 'Demodaten',
  backoffice: 'Backoffice',
  import: 'Import',
  migration: 'Übernahme',
} as const

/** The last 30 days of the price history and the comparison price the shop shows. */
function PriceHistory({ productId }: { productId: number }) {
  const prices = useProductPrices(productId)
  if (prices.data?.status !== 200) return <Loading error={prices.error} />
  const { history, referencePriceCents } = prices.data.body
  return (
    <section className="backoffice-price-history" aria-label="Preisverlauf">
      <h3>Preisverlauf (letzte 30 Tage)</h3>
      <p>
        Vergleichspreis im Shop (§ 11 PAngV):{' '}
        <strong>
          {referencePriceCents === null ? 'keiner' : formatPrice(referencePriceCents)}
        </strong>
      </p>
      <table className="backoffice-table">
        <thead>
          <tr>
            <th scope="col">Gültig ab</th>
            <th scope="col">Preis</th>
            <th scope="col">Senkung angekündigt</th>
            <th scope="col">Quelle</th>
          </tr>
        </thead>
        <tbody>
          {history.map((step) => (
            <tr key={`${step.validFrom}-${step.priceCents}-${step.announced}`}>
              <td>{formatDateTime(step.validFrom)}</td>
              <td>{formatPrice(step.priceCents)}</td>
              <td>{step.announced ? 'ja' : 'nein'}</td>
              <td>{SOURCE_TEXT[step.source]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

const column = createColumnHelper<BackofficeProduct>()
const optionalPrice = (cents: number | null) => (cents === null ? '–' : formatPrice(cents))

/** The list's columns; admins get an "edit" button per row. */
function productColumns(onEdit: ((id: number) => void) | null) {
  const columns = [
    column.accessor('articleNumber', { header: 'Art.-Nr.' }),
    column.accessor('name', {
      header: 'Artikel',
      cell: ({ row: { original: product } }) => (
        <a href={product.url} target="_blank" rel="noopener noreferrer">
          {product.name}
        </a>
      ),
    }),
    column.accessor('priceCents', {
      header: 'Preis',
      cell: (info) => formatPrice(info.getValue()),
    }),
    column.accessor('strikeThroughPriceCents', {
      header: 'Streichpreis',
      cell: (info) => optionalPrice(info.getValue()),
    }),
    column.accessor('referencePriceCents', {
      header: 'Vergleichspreis (30 Tage)',
      cell: (info) => optionalPrice(info.getValue()),
    }),
    column.accessor('campusPriceCents', {
      header: 'Campus',
      cell: (info) => optionalPrice(info.getValue()),
    }),
    column.accessor('stock', { header: 'Bestand' }),
    column.accessor((p) => (p.retired ? 'ausgelaufen' : p.active ? 'ja' : 'nein'), {
      id: 'active',
      header: 'Aktiv',
    }),
    column.display({
      id: 'details',
      header: () => <span className="visually-hidden">Artikel öffnen</span>,
      cell: ({ row: { original: product } }) => (
        <Link to={backofficePaths.product(product.id)}>
          Alle Daten<span className="visually-hidden">: {product.name}</span>
        </Link>
      ),
    }),
  ]
  if (!onEdit) return columns
  return [
    ...columns,
    column.display({
      id: 'action',
      header: () => <span className="visually-hidden">Aktion</span>,
      cell: ({ row: { original: product } }) => (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => onEdit(product.id)}
        >
          Bearbeiten<span className="visually-hidden">: {product.name}</span>
        </button>
      ),
    }),
  ]
}

export function ProductsPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const inactive = params.get('inaktiv') === '1'
  const page = Math.max(1, Number(params.get('seite')) || 1)
  const [term, setTerm] = useState(q)
  const [editing, setEditing] = useState<number | null>(null)
  const [saved, setSaved] = useState(false)
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const list = useProducts(q, page, inactive)
  const data = list.data?.status === 200 ? list.data.body : undefined
  const selected = data?.products.find((p) => p.id === editing)
  const columns = useMemo(
    () =>
      productColumns(
        isAdmin
          ? (id) => {
              setSaved(false)
              setEditing(id)
            }
          : null,
      ),
    [isAdmin],
  )
  const go = (next: { q?: string; inactive?: boolean; page?: number }) => {
    const entries: Record<string, string> = {}
    const nq = next.q ?? q
    if (nq) entries.q = nq
    if (next.inactive ?? inactive) entries.inaktiv = '1'
    if ((next.page ?? 1) > 1) entries.seite = String(next.page)
    setParams(entries)
  }

  return (
    <div className="backoffice-area">
      <form
        method="post"
        className="backoffice-filter"
        aria-label="Suche"
        onSubmit={(event) => {
          event.preventDefault()
          go({ q: term.trim() })
        }}
      >
        <Field
          label="Name, Marke, Art.-Nr. oder EAN"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={inactive}
            onChange={(e) => go({ inactive: e.target.checked })}
          />{' '}
          Nur inaktive
        </label>
        <Button type="submit">Suchen</Button>
      </form>
      {isAdmin ? (
        <p>
          <Link className="btn btn--secondary" to={backofficePaths.newProduct}>
            Neuer Artikel
          </Link>
        </p>
      ) : (
        <p>Preise, Bestand und Sichtbarkeit ändert die Administration.</p>
      )}
      {saved && <p role="status">{translate('backoffice_saved')}</p>}
      {selected && (
        <ProductForm
          key={selected.id}
          product={selected}
          onDone={() => {
            setEditing(null)
            setSaved(true)
          }}
        />
      )}
      {!data && <Loading error={list.error} />}
      {data && (
        <DataTable
          caption="Artikel"
          columns={columns}
          rows={data.products}
          rowId={(product) => String(product.id)}
          empty={<p>Keine Artikel gefunden.</p>}
          serverPage={{
            page,
            total: data.total,
            pageSize: data.pageSize,
            onPage: (next) => go({ page: next }),
          }}
        />
      )}
    </div>
  )
}
