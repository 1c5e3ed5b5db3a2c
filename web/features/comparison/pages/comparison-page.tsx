// /vergleich (issue 22): the compared products side by side (picture, name, price with the 30-day
// reference price, stock, "In den Warenkorb", removal) and their attributes lined up row by row,
// with "Nur Unterschiede anzeigen". Rendered on the server; printable (comparison.css); on
// narrow screens the product columns scroll sideways under sticky row labels.
// "Entfernen" and "Vergleich neu beginnen" are forms: they work before the script has taken over
// (the server comes back with `?ergebnis=`, as the toggles' forms do).
import { Fragment, useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Comparison, ComparisonRow } from '#contract/comparison.ts'
import {
  COMPARISON_ADD_FORM_PATH,
  COMPARISON_FORM_RESULTS,
  COMPARISON_REMOVE_FORM_PATH,
} from '#contract/comparison-paths.ts'
import { Button, Notice, PostButton } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { AddToCartButton } from '#web/features/cart/index.ts'
import { PriceBlock } from '#web/features/catalog/index.ts'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { prefetchComparison, useComparison, useComparisonChange } from '../api.ts'

export function comparisonLoader(ctx: RouteContext) {
  return async ({ request }: { request: Request }) => {
    await prefetchComparison(ctx.queryClient, request)
    return null
  }
}

const AVAILABILITY = {
  in_stock: 'Sofort lieferbar',
  low_stock: 'Nur noch wenige auf Lager',
  out_of_stock: 'Derzeit nicht auf Lager',
} as const

type Arrival = {
  code: (typeof COMPARISON_FORM_RESULTS)[keyof typeof COMPARISON_FORM_RESULTS]
  productId: number | null
}

/** The outcome a toggle's form brought the shopper here with (`?ergebnis=`, `&produkt=`). */
function arrivalOf(params: URLSearchParams): Arrival | null {
  const result = params.get('ergebnis')
  const code = Object.entries(COMPARISON_FORM_RESULTS).find(([value]) => value === result)?.[1]
  if (code === undefined) return null
  const productId = Number(params.get('produkt'))
  return { code, productId: Number.isSafeInteger(productId) && productId > 0 ? productId : null }
}

/** Rows grouped by their group (Merkmale, Technische Daten, Anschlüsse, ...), order kept. */
function groupsOf(rows: ComparisonRow[]): { group: string; rows: ComparisonRow[] }[] {
  const groups: { group: string; rows: ComparisonRow[] }[] = []
  for (const row of rows) {
    const last = groups.at(-1)
    const existing = last?.group === row.group ? last : groups.find((g) => g.group === row.group)
    if (existing) existing.rows.push(row)
    else groups.push({ group: row.group, rows: [row] })
  }
  return groups
}

function ComparisonTable({
  comparison,
  onChange,
}: {
  comparison: Comparison
  onChange: () => void
}) {
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const toggleId = useId()
  const change = useComparisonChange()
  const { products } = comparison
  const visible = onlyDifferences ? comparison.rows.filter((row) => row.differs) : comparison.rows
  const groups = groupsOf(visible)
  return (
    <>
      <div className="comparison-page__toolbar">
        <label htmlFor={toggleId} className="comparison-page__toggle">
          <input
            id={toggleId}
            type="checkbox"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          Nur Unterschiede anzeigen
        </label>
        <Button variant="secondary" size="sm" onClick={() => window.print()}>
          Drucken
        </Button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="comparison-table__scroll" aria-label="Vergleichstabelle" tabIndex={0}>
        <table
          className="comparison-table"
          style={{ '--comparison-columns': products.length } as React.CSSProperties}
        >
          <caption className="visually-hidden">
            Vergleich von {products.length} Produkten
            {onlyDifferences ? ', nur Merkmale mit Unterschieden' : ''}
          </caption>
          <thead>
            <tr>
              <td className="comparison-table__corner" />
              {products.map((product) => (
                <th key={product.id} scope="col" className="comparison-product">
                  <img src={product.image} alt="" width={160} height={160} />
                  <span className="comparison-product__brand">{product.brand}</span>
                  <Link to={product.url} className="comparison-product__name">
                    {product.name}
                  </Link>
                  <PriceBlock prices={product} />
                  <span
                    className={`comparison-product__stock comparison-product__stock--${product.availability}`}
                  >
                    {AVAILABILITY[product.availability]}
                  </span>
                  <span className="comparison-product__actions">
                    <AddToCartButton
                      productId={product.id}
                      productName={product.name}
                      disabled={product.availability === 'out_of_stock'}
                      variant="tile"
                    />
                    <PostButton
                      action={COMPARISON_REMOVE_FORM_PATH}
                      fields={{ productId: product.id }}
                      onSubmit={() => {
                        onChange()
                        change.mutate({ kind: 'remove', productId: product.id })
                      }}
                      variant="link"
                      size="sm"
                      className="comparison-product__remove"
                      disabled={change.isPending}
                      aria-label={`${product.name} aus dem Vergleich entfernen`}
                    >
                      Entfernen
                    </PostButton>
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map(({ group, rows }) => (
              <Fragment key={group}>
                <tr className="comparison-table__group">
                  <th scope="colgroup" colSpan={products.length + 1}>
                    <span className="comparison-table__group-label">{group}</span>
                  </th>
                </tr>
                {rows.map((row) => (
                  <tr key={row.key} className={row.differs ? 'is-different' : undefined}>
                    <th scope="row">{row.name}</th>
                    {row.values.map((value, index) => (
                      <td key={products[index]?.id ?? index}>{value ?? '–'}</td>
                    ))}
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </section>
      {visible.length === 0 && (
        <p className="comparison-page__note">
          {onlyDifferences
            ? 'Die Produkte unterscheiden sich in keinem der erfassten Merkmale.'
            : 'Zu diesen Produkten sind keine Merkmale erfasst.'}
        </p>
      )}
    </>
  )
}

/** What a toggle's form brought: the outcome, and for another category "neu beginnen". */
function ArrivalNotice({
  arrival,
  comparison,
  onRestart,
  restarting,
}: {
  arrival: Arrival
  comparison: Comparison | undefined
  onRestart: (productId: number) => void
  restarting: boolean
}) {
  const { code, productId } = arrival
  if (code === 'comparison_added' || code === 'comparison_removed') {
    return <Notice kind="success">{t(code)}</Notice>
  }
  const mismatch = code === 'comparison_category_mismatch'
  return (
    <Notice kind="error" className="comparison-page__refusal">
      <p>{mismatch ? t(code, { categoryName: comparison?.category?.name ?? '' }) : t(code)}</p>
      {mismatch && productId !== null && (
        <PostButton
          action={COMPARISON_ADD_FORM_PATH}
          fields={{ productId, restart: '1' }}
          onSubmit={() => onRestart(productId)}
          variant="secondary"
          size="sm"
          pending={restarting}
        >
          Vergleich neu beginnen
        </PostButton>
      )}
    </Notice>
  )
}

export function ComparisonPage() {
  const { data: comparison } = useComparison()
  const change = useComparisonChange()
  const [params] = useSearchParams()
  // Shown until the shopper changes something here.
  const [arrival, setArrival] = useState(() => arrivalOf(params))
  const restart = (productId: number) => {
    if (change.isPending) return
    change.mutate(
      { kind: 'add', productId, restart: true },
      {
        onSuccess: () => setArrival({ code: 'comparison_added', productId: null }),
        onError: () => setArrival({ code: 'comparison_failed', productId: null }),
      },
    )
  }
  // Set after hydration: the controls work from then on (tests wait for it).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <div className="comparison-page container" data-hydrated={hydrated || undefined}>
      <PageMeta
        title="Produktvergleich"
        description="Vergleiche bis zu 4 Produkte einer Kategorie Merkmal für Merkmal."
        canonicalPath={paths.comparison}
        noindex
      />
      <h1>Produktvergleich</h1>
      {arrival && (
        <ArrivalNotice
          arrival={arrival}
          comparison={comparison}
          onRestart={restart}
          restarting={change.isPending}
        />
      )}
      {comparison?.category && (
        <p className="comparison-page__category">
          Kategorie: <Link to={comparison.category.url}>{comparison.category.name}</Link>
          {comparison.itemCount < 4 &&
            ' · Du kannst noch weitere Produkte dieser Kategorie hinzufügen.'}
        </p>
      )}
      {comparison && comparison.products.length > 0 ? (
        <ComparisonTable comparison={comparison} onChange={() => setArrival(null)} />
      ) : (
        <div className="comparison-page__empty">
          <p>Du hast noch keine Produkte zum Vergleichen ausgewählt.</p>
          <p>
            Wähle auf den Produktseiten oder in den Kategorien bei bis zu 4 Produkten einer
            Kategorie „Vergleichen“.
          </p>
          <Link to={paths.home}>Weiter einkaufen</Link>
        </div>
      )}
    </div>
  )
}
