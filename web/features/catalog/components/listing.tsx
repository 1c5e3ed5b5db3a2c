import { type ReactNode, useEffect, useId, useState } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router-dom'
import type { CatalogSort, Filter, ProductTile as Tile } from '#contract/catalog.ts'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { FilterIcon, useHydrated } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatNumber, formatPrice } from '#web/lib/format.ts'
import { SORT_OPTIONS } from '../constants.ts'
import { draftFromSelected, listingHref, setValues } from '../filter-state.ts'
import { FilterPanel, type FilterScope } from './filter-panel.tsx'
import { HoldPaintUntil, PaintMarker } from './hold-paint.tsx'
import { Pagination } from './pagination.tsx'
import { ProductTile } from './product-tile.tsx'

/** Tiles of the first row: their pictures load at once, and the first paint waits for them. */
const FIRST_ROW = 4
const PARSED = 'listing-first-row'

export type ListingData = {
  products: Tile[]
  total: number
  page: number
  pageCount: number
  sort: CatalogSort
  filters: Filter[]
  selectedFilter: string[]
}

/** "Hersteller: ASUS", "Preis: 300 € – 900 €": the applied filters as removable chips. */
function chips(
  filters: Filter[],
  selected: string[],
): { key: string; label: string; value: string }[] {
  const draft = draftFromSelected(selected)
  return Object.entries(draft).flatMap(([key, values]) => {
    const filter = filters.find((f) => f.id === key)
    const name = filter?.name ?? key
    if (filter?.filterType === 'range') {
      const [from, to] = (values[0] ?? '-').split('-')
      const label = [
        from ? `ab ${formatPrice(Number(from) * 100)}` : '',
        to ? `bis ${formatPrice(Number(to) * 100)}` : '',
      ]
        .filter(Boolean)
        .join(' ')
      return [{ key, value: values[0] ?? '', label: `${name}: ${label}` }]
    }
    return values.map((value) => ({
      key,
      value,
      label: `${name}: ${filter?.properties.find((p) => p.value === value)?.text ?? value}`,
    }))
  })
}

function SortSelect({
  sort,
  onChange,
}: {
  sort: CatalogSort
  onChange: (sort: CatalogSort) => void
}) {
  const id = useId()
  // Waits for the script: an order chosen before hydration would jump back unapplied.
  const hydrated = useHydrated()
  return (
    <div className="sort-select">
      <label htmlFor={id}>Sortieren nach</label>
      <select
        id={id}
        className="select"
        disabled={!hydrated}
        value={sort}
        onChange={(event) => onChange(event.target.value as CatalogSort)}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Category and search pages: filters beside the grid, sort, chips, paging and empty states. */
export function Listing({
  data,
  scope,
  basePath,
  emptyText,
  noMoreText = t('category_no_more_products'),
  children,
}: {
  data: ListingData
  scope: FilterScope
  basePath: string
  emptyText: string
  /** Shown on a page beyond the last one. */
  noMoreText?: string
  /** Shown above the grid (e.g. the category intro). */
  children?: ReactNode
}) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const location = useLocation()
  const panelId = useId()
  const [drawerOpen, setDrawerOpen] = useState(false)
  // Marks the listing as interactive once hydrated (tests wait for it before using filters).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const loading =
    navigation.state === 'loading' && navigation.location?.pathname === location.pathname
  const applied = chips(data.filters, data.selectedFilter)
  const draft = draftFromSelected(data.selectedFilter)
  const href = (page: number) => listingHref(basePath, draft, data.sort, page)
  // A new page closes the mobile filter drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setDrawerOpen(false), [location.key])

  return (
    <div className="listing" data-hydrated={hydrated || undefined}>
      <HoldPaintUntil markerId={PARSED} />
      <aside className={`listing__sidebar${drawerOpen ? ' listing__sidebar--open' : ''}`}>
        <div className="listing__drawer-head">
          <p className="listing__drawer-title">Filter</p>
          <button
            type="button"
            className="listing__drawer-close"
            onClick={() => setDrawerOpen(false)}
          >
            Schließen
          </button>
        </div>
        <FilterPanel
          id={panelId}
          scope={scope}
          filters={data.filters}
          selected={data.selectedFilter}
          total={data.total}
          basePath={basePath}
          sort={data.sort}
        />
      </aside>
      <div className="listing__main" aria-busy={loading || undefined}>
        {children}
        <div className="listing__toolbar">
          <button
            type="button"
            className="listing__filter-toggle btn btn--secondary btn--sm"
            aria-expanded={drawerOpen}
            aria-controls={panelId}
            onClick={() => setDrawerOpen(true)}
          >
            <FilterIcon size={18} /> Filter{applied.length > 0 ? ` (${applied.length})` : ''}
          </button>
          <p className="listing__count" role="status">
            {formatNumber(data.total)} {data.total === 1 ? 'Produkt' : 'Produkte'}
          </p>
          <SortSelect
            sort={data.sort}
            onChange={(sort) => navigate(listingHref(basePath, draft, sort, 1))}
          />
        </div>
        {applied.length > 0 && (
          <ul className="filter-chips" aria-label="Aktive Filter">
            {applied.map((chip) => (
              <li key={`${chip.key}=${chip.value}`}>
                <Link
                  className="filter-chip"
                  to={listingHref(
                    basePath,
                    setValues(
                      draft,
                      chip.key,
                      (draft[chip.key] ?? []).filter((v) => v !== chip.value),
                    ),
                    data.sort,
                    1,
                  )}
                  aria-label={`Filter entfernen: ${chip.label}`}
                >
                  {chip.label} <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
            <li>
              <Link className="filter-chips__reset" to={listingHref(basePath, {}, data.sort, 1)}>
                Alle Filter entfernen
              </Link>
            </li>
          </ul>
        )}
        {data.products.length > 0 ? (
          <ul className={`product-grid${loading ? ' product-grid--loading' : ''}`}>
            {data.products.map((product, i) => (
              <li key={product.id}>
                <ProductTile product={product} eager={i < FIRST_ROW} headingLevel={2} />
                {i === Math.min(FIRST_ROW, data.products.length) - 1 && <PaintMarker id={PARSED} />}
              </li>
            ))}
          </ul>
        ) : (
          <div className="listing__empty">
            <p>{data.total === 0 ? emptyText : noMoreText}</p>
            {data.total > 0 && <Link to={href(1)}>Zur ersten Seite</Link>}
            {data.total === 0 && applied.length > 0 && (
              <Link to={listingHref(basePath, {}, data.sort, 1)}>Alle Filter entfernen</Link>
            )}
          </div>
        )}
        {data.products.length === 0 && <PaintMarker id={PARSED} />}
        <Pagination page={data.page} pageCount={data.pageCount} href={href} />
      </div>
    </div>
  )
}
