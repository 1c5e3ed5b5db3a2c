// /backoffice/artikel: products by name, brand, article number or EAN; admins edit price,
// strike-through and Campus price, stock and the active flag (the shop shows it at once).
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { BackofficeProduct } from '#contract/backoffice.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { useStaffMe } from '../api.ts'
import { problemText, useProducts, useUpdateProduct } from '../office-api.ts'
import { centsOf, euroInput, Loading, Pager } from '../shared.tsx'

function ProductForm({ product, onDone }: { product: BackofficeProduct; onDone: () => void }) {
  const update = useUpdateProduct()
  const [price, setPrice] = useState(euroInput(product.priceCents))
  const [strike, setStrike] = useState(euroInput(product.strikeThroughPriceCents))
  const [campus, setCampus] = useState(euroInput(product.campusPriceCents))
  const [stock, setStock] = useState(String(product.stock))
  const [active, setActive] = useState(product.active)
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <form
      className="backoffice-form"
      aria-label={`${product.name} bearbeiten`}
      onSubmit={(event) => {
        event.preventDefault()
        const priceCents = centsOf(price)
        const body = {
          priceCents: priceCents ?? Number.NaN,
          strikeThroughPriceCents: centsOf(strike),
          campusPriceCents: centsOf(campus),
          stock: Number(stock),
          active,
        }
        if (
          [body.priceCents, body.strikeThroughPriceCents, body.campusPriceCents].some((v) =>
            Number.isNaN(v),
          ) ||
          !/^\d+$/.test(stock.trim())
        ) {
          setProblem('Bitte gib Preise wie 19,99 und den Bestand als ganze Zahl ein.')
          return
        }
        setProblem(null)
        update.mutate({ id: product.id, body }, { onSuccess: onDone })
      }}
    >
      <h2>
        {product.name} <small>({product.articleNumber})</small>
      </h2>
      <Field
        label="Preis (€)"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
      />
      <Field
        label="Streichpreis (€)"
        optional
        inputMode="decimal"
        value={strike}
        onChange={(e) => setStrike(e.target.value)}
      />
      <Field
        label="Campus-Preis (€)"
        optional
        inputMode="decimal"
        value={campus}
        onChange={(e) => setCampus(e.target.value)}
      />
      <Field
        label="Bestand"
        inputMode="numeric"
        value={stock}
        onChange={(e) => setStock(e.target.value)}
      />
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Im
        Shop sichtbar (aktiv)
      </label>
      {(problem || update.error) && (
        <p className="form-error" role="alert">
          {problem ?? problemText(update.error)}
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
      {!isAdmin && <p>Preise, Bestand und Sichtbarkeit ändert die Administration.</p>}
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
      {data && data.products.length === 0 && <p>Keine Artikel gefunden.</p>}
      {data && data.products.length > 0 && (
        <table className="backoffice-table">
          <caption className="visually-hidden">Artikel</caption>
          <thead>
            <tr>
              <th scope="col">Art.-Nr.</th>
              <th scope="col">Artikel</th>
              <th scope="col">Preis</th>
              <th scope="col">Streichpreis</th>
              <th scope="col">Campus</th>
              <th scope="col">Bestand</th>
              <th scope="col">Aktiv</th>
              {isAdmin && (
                <th scope="col">
                  <span className="visually-hidden">Aktion</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.products.map((product) => (
              <tr key={product.id}>
                <td>{product.articleNumber}</td>
                <td>
                  <a href={product.url} target="_blank" rel="noopener noreferrer">
                    {product.name}
                  </a>
                </td>
                <td>{formatPrice(product.priceCents)}</td>
                <td>
                  {product.strikeThroughPriceCents === null
                    ? '–'
                    : formatPrice(product.strikeThroughPriceCents)}
                </td>
                <td>
                  {product.campusPriceCents === null ? '–' : formatPrice(product.campusPriceCents)}
                </td>
                <td>{product.stock}</td>
                <td>{product.active ? 'ja' : 'nein'}</td>
                {isAdmin && (
                  <td>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => {
                        setSaved(false)
                        setEditing(product.id)
                      }}
                    >
                      Bearbeiten<span className="visually-hidden">: {product.name}</span>
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && (
        <Pager
          page={page}
          total={data.total}
          pageSize={data.pageSize}
          onPage={(next) => go({ page: next })}
        />
      )}
    </div>
  )
}
