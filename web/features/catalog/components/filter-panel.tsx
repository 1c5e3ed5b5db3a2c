import { type ReactNode, useEffect, useId, useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { CatalogSort, CategoryNode, Filter } from '#contract/catalog.ts'
import { Accordion, Button, useHydrated } from '#web/components/ui/index.ts'
import { formatNumber } from '#web/lib/format.ts'
import { useFilterCounts } from '../api.ts'
import { CATEGORY_FILTER_KEY, PRICE_FILTER_KEY } from '../constants.ts'
import {
  draftFromSelected,
  draftToStrings,
  type FilterDraft,
  listingHref,
  setRange,
  setValues,
  toggleValue,
} from '../filter-state.ts'
import { CategoryNav } from './category-nav.tsx'

export type FilterScope =
  | { kind: 'category'; node: CategoryNode }
  | { kind: 'search'; query: string }

/**
 * The shopper's draft selection. Every change asks the server for fresh counts through
 * `useFilterCounts`, which keeps the previous answer while the next one loads. Applying
 * navigates to the draft's URL.
 */
function useFilterDraft(scope: FilterScope, selected: string[], filters: Filter[], total: number) {
  const appliedKey = draftToStrings(draftFromSelected(selected)).join('&')
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromSelected(selected))
  const scopeKey = scope.kind === 'category' ? `c${scope.node.id}` : `s${scope.query}`

  // A new page (applied filters or another category) starts from what was applied.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the applied selection changes
  useEffect(() => {
    setDraft(draftFromSelected(selected))
  }, [appliedKey, scopeKey])

  const strings = draftToStrings(draft)
  const dirty = strings.join('&') !== appliedKey
  const counts = useFilterCounts(
    scope.kind === 'category'
      ? { kind: 'category', categoryId: scope.node.id }
      : { kind: 'search', query: scope.query },
    strings,
    dirty,
  )
  return {
    draft,
    setDraft,
    dirty,
    pending: counts.isFetching,
    shown: dirty ? (counts.data?.filters ?? filters) : filters,
    productCount: dirty
      ? counts.isPlaceholderData
        ? null
        : (counts.data?.productCount ?? null)
      : total,
  }
}

function OptionCount({ quantity }: { quantity: number }) {
  return (
    <span className="filter-option__count">
      <span aria-hidden="true">({formatNumber(quantity)})</span>
      <span className="visually-hidden">{formatNumber(quantity)} Produkte</span>
    </span>
  )
}

function CheckboxFilter({
  filter,
  values,
  onToggle,
}: {
  filter: Filter
  values: string[]
  onToggle: (value: string) => void
}) {
  const [search, setSearch] = useState('')
  const searchId = useId()
  const hydrated = useHydrated()
  const needle = search.trim().toLowerCase()
  const options = filter.properties.filter((p) => !needle || p.text.toLowerCase().includes(needle))
  return (
    <fieldset
      className={`filter-box${filter.search ? ' filter-box--search' : ''}`}
      disabled={!hydrated}
    >
      <legend className="visually-hidden">{filter.name}</legend>
      {filter.search && (
        <div className="filter-box__search">
          <label htmlFor={searchId} className="visually-hidden">
            {filter.name} durchsuchen
          </label>
          <input
            id={searchId}
            type="search"
            className="filter-box__search-input"
            placeholder={`${filter.name} suchen`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}
      <ul className="filter-box__options">
        {options.map((option) => {
          const checked = values.includes(option.value)
          return (
            <li key={option.value}>
              <label className="filter-option">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && option.quantity === 0}
                  onChange={() => onToggle(option.value)}
                />
                {filter.optionType === 'color' && (
                  <span
                    className="filter-option__swatch"
                    style={{ background: option.hex ?? 'transparent' }}
                    aria-hidden="true"
                  />
                )}
                <span className="filter-option__text">{option.text}</span>
                <OptionCount quantity={option.quantity} />
              </label>
            </li>
          )
        })}
        {options.length === 0 && <li className="filter-box__empty">Keine Treffer</li>}
      </ul>
    </fieldset>
  )
}

function RadioFilter({
  filter,
  value,
  onChange,
}: {
  filter: Filter
  value: string | undefined
  onChange: (value: string | null) => void
}) {
  const name = useId()
  const hydrated = useHydrated()
  return (
    <fieldset className="filter-box" disabled={!hydrated}>
      <legend className="visually-hidden">{filter.name}</legend>
      <ul className="filter-box__options">
        {filter.properties.map((option) => (
          <li key={option.value}>
            <label className="filter-option">
              <input
                type="radio"
                name={name}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />
              <span className="filter-option__text">{option.text}</span>
              <OptionCount quantity={option.quantity} />
            </label>
          </li>
        ))}
      </ul>
      {value !== undefined && (
        <button type="button" className="filter-box__reset" onClick={() => onChange(null)}>
          {filter.name} zurücksetzen
        </button>
      )}
    </fieldset>
  )
}

function parseRange(value: string | undefined): { from: number | null; to: number | null } {
  const match = /^(\d*)-(\d*)$/.exec(value ?? '')
  return {
    from: match?.[1] ? Number(match[1]) : null,
    to: match?.[2] ? Number(match[2]) : null,
  }
}

function RangeFilter({
  filter,
  value,
  onChange,
}: {
  filter: Filter
  value: string | undefined
  onChange: (from: number | null, to: number | null) => void
}) {
  const range = filter.range
  const id = useId()
  const hydrated = useHydrated()
  const selected = parseRange(value)
  const min = range?.min ?? 0
  const max = Math.max(range?.max ?? 0, selected.to ?? 0, min + 1)
  const [from, setFrom] = useState(String(selected.from ?? ''))
  const [to, setTo] = useState(String(selected.to ?? ''))
  useEffect(() => {
    setFrom(selected.from === null ? '' : String(selected.from))
    setTo(selected.to === null ? '' : String(selected.to))
  }, [selected.from, selected.to])
  if (!range) return null
  const commit = (nextFrom = from, nextTo = to) => {
    const a = nextFrom.trim() === '' ? null : Math.max(0, Math.round(Number(nextFrom)))
    const b = nextTo.trim() === '' ? null : Math.max(0, Math.round(Number(nextTo)))
    onChange(
      a !== null && Number.isFinite(a) ? a : null,
      b !== null && Number.isFinite(b) ? b : null,
    )
  }
  const sliderFrom = from === '' ? min : Math.min(Number(from), max)
  const sliderTo = to === '' ? max : Math.max(Number(to), min)
  return (
    <fieldset className="filter-range filter-box" disabled={!hydrated}>
      <div className="filter-range__inputs">
        <label htmlFor={`${id}-from`} className="filter-range__label">
          von
        </label>
        <input
          id={`${id}-from`}
          className="filter-range__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          placeholder={String(min)}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          onBlur={() => commit()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commit()
            }
          }}
        />
        <label htmlFor={`${id}-to`} className="filter-range__label">
          bis
        </label>
        <input
          id={`${id}-to`}
          className="filter-range__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          placeholder={String(max)}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          onBlur={() => commit()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commit()
            }
          }}
        />
        <span className="filter-range__postfix">{range.postfix}</span>
      </div>
      <div className="filter-range__slider">
        <input
          type="range"
          aria-label={`${filter.name} von`}
          min={min}
          max={max}
          value={sliderFrom}
          onChange={(event) => setFrom(String(Math.min(Number(event.target.value), sliderTo)))}
          onPointerUp={() => commit()}
          onKeyUp={() => commit()}
        />
        <input
          type="range"
          aria-label={`${filter.name} bis`}
          min={min}
          max={max}
          value={sliderTo}
          onChange={(event) => setTo(String(Math.max(Number(event.target.value), sliderFrom)))}
          onPointerUp={() => commit()}
          onKeyUp={() => commit()}
        />
      </div>
    </fieldset>
  )
}

type FilterItem = { id: string; title: string; render: () => ReactNode }

/**
 * The filter accordion: the design system's accordion; a closed filter renders nothing inside,
 * so long option lists cost no DOM (and no hydration) until they are opened. A page starts with
 * category and price open (and filters the server marks open); from then on the spec's
 * accordion rule holds: opening one filter closes the others.
 */
function FilterAccordion({ items, defaultOpen }: { items: FilterItem[]; defaultOpen: string[] }) {
  return (
    <Accordion
      items={items.map((item) => ({ id: item.id, title: item.title, content: item.render() }))}
      defaultOpen={defaultOpen}
    />
  )
}

type FilterPanelProps = {
  scope: FilterScope
  filters: Filter[]
  selected: string[]
  total: number
  basePath: string
  sort: CatalogSort
  id?: string
}

/**
 * The listing filters (storefront sections 2-4): an accordion per filter, category and price
 * open by default; checkbox (search box, colour swatches), radio (reset) and range (inputs).
 * The inputs wait for the script (disabled until hydration): a price typed or a box ticked before
 * would be reset at hydration.
 */
export function FilterPanel({
  scope,
  filters,
  selected,
  total,
  basePath,
  sort,
  id,
}: FilterPanelProps) {
  const navigate = useNavigate()
  const { draft, setDraft, dirty, pending, shown, productCount } = useFilterDraft(
    scope,
    selected,
    filters,
    total,
  )
  const categoryCounts = useMemo(() => {
    const counts = new Map<number, number>()
    for (const option of filters.find((f) => f.id === CATEGORY_FILTER_KEY)?.properties ?? []) {
      counts.set(Number(option.value), option.quantity)
    }
    return counts
  }, [filters])

  const items: FilterItem[] = []
  if (scope.kind === 'category') {
    items.push({
      id: CATEGORY_FILTER_KEY,
      title: 'Kategorie',
      render: () => <CategoryNav node={scope.node} counts={categoryCounts} />,
    })
  }
  for (const filter of shown) {
    if (scope.kind === 'category' && filter.id === CATEGORY_FILTER_KEY) continue
    const values = draft[filter.id] ?? []
    const render = (): ReactNode => {
      if (filter.filterType === 'range') {
        return (
          <RangeFilter
            filter={filter}
            value={values[0]}
            onChange={(from, to) =>
              setDraft(
                setRange(draft, filter.id, from, to, {
                  min: filter.range?.min ?? 0,
                  max: filter.range?.max ?? 0,
                }),
              )
            }
          />
        )
      }
      if (filter.filterType === 'radio') {
        return (
          <RadioFilter
            filter={filter}
            value={values[0]}
            onChange={(value) =>
              setDraft(setValues(draft, filter.id, value === null ? [] : [value]))
            }
          />
        )
      }
      return (
        <CheckboxFilter
          filter={filter}
          values={values}
          onToggle={(value) => setDraft(toggleValue(draft, filter.id, value))}
        />
      )
    }
    items.push({ id: filter.id, title: filter.name, render })
  }
  const defaultOpen = [
    CATEGORY_FILTER_KEY,
    PRICE_FILTER_KEY,
    ...filters.filter((f) => f.open).map((f) => f.id),
  ]
  const applyText =
    productCount === null
      ? 'Filter anwenden'
      : `${formatNumber(productCount)} ${productCount === 1 ? 'Produkt' : 'Produkte'} anzeigen`

  return (
    <form
      method="post"
      id={id}
      className="filter-panel"
      aria-label="Filter"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        navigate(listingHref(basePath, draft, sort, 1))
      }}
    >
      <FilterAccordion key={basePath} items={items} defaultOpen={defaultOpen} />
      <div className={`filter-panel__apply${dirty ? ' filter-panel__apply--visible' : ''}`}>
        <Button type="submit" block pending={pending && productCount === null} disabled={!dirty}>
          {applyText}
        </Button>
        {dirty && (
          <button
            type="button"
            className="filter-panel__discard"
            onClick={() => setDraft(draftFromSelected(selected))}
          >
            Änderungen verwerfen
          </button>
        )}
      </div>
    </form>
  )
}
