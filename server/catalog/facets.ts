// Filters and their counts. A selection is a list of groups (one per filter key); options of one
// group are OR-ed, groups are AND-ed. An option's count is the number of products that match it
// together with every *other* selected group (so checking a second brand never zeroes the
// first one). One database pass computes all counts: each product row carries `hits` (how many
// groups it passes) and `fail` (the first group it fails); rows with hits >= k - 1 are aggregated
// per (option, fail), and an option of group g counts the rows with fail 0 or fail g.
import { type SQL, sql } from 'drizzle-orm'
import {
  CATEGORY_FILTER_KEY,
  type Filter,
  type FilterProperty,
  type ParsedFilter,
  PRICE_FILTER_KEY,
} from '#contract/catalog.ts'
import type { Db } from '#db/client.ts'
import { offeredAttributeKeys } from './category-filters.ts'
import type { SearchQuery } from './search-query.ts'
import type { Attribute, Attributes, Category, CategoryTree } from './tree.ts'

export type ListingScope =
  | { kind: 'category'; category: Category }
  | { kind: 'search'; query: SearchQuery }

const OPEN_BY_DEFAULT = new Set([CATEGORY_FILTER_KEY, PRICE_FILTER_KEY])
/** Checkbox filters with more options than this get a search box. */
const SEARCH_BOX_FROM = 8

const AVAILABILITY_KEY = 'verfuegbarkeit'
export const AVAILABLE_VALUE = 'sofort-lieferbar'
const DISCOUNT_KEY = 'rabatt'
const DISCOUNT_STEPS = [10, 20, 30] as const
/** Rating filter (issue 22): at least so many stars on average, from the reviews' columns. */
const RATING_KEY = 'bewertung'
const RATING_STEPS = [4, 3, 2, 1] as const
/**
 * Filters offered on search pages (storefront section 9: search filters Hersteller, Grafikkarte;
 * issue 22 adds the rating, "like the other filters" on listings and search).
 */
const SEARCH_KEYS = new Set([
  CATEGORY_FILTER_KEY,
  PRICE_FILTER_KEY,
  'hersteller',
  'grafikkarte',
  RATING_KEY,
])
const ENERGY_KEY = 'energieeffizienzklasse'
const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const

/**
 * The same predicate for the in-memory listing index (listing-index.ts): what a product must have
 * to pass the group. Prices in cents, ratings times 100, energy classes as letters.
 */
export type GroupTest =
  | { kind: 'price'; min: number | null; max: number | null }
  | { kind: 'categories'; ids: readonly number[] }
  | { kind: 'inStock' }
  | { kind: 'discount'; atLeast: number }
  | { kind: 'rating'; atLeastX100: number }
  | { kind: 'energy'; classes: readonly string[] }
  | { kind: 'options'; ids: readonly number[] }

type Group = { key: string; predicate: SQL; test: GroupTest }

export type Selection = {
  groups: Group[]
  /** Selected values per key (lower-case slugs), for `checked`. */
  values: Map<string, Set<string>>
  range: { min: number | null; max: number | null } | null
  /** The recognised filters as canonical `key=value` strings (sorted). */
  normalized: string[]
}

function intArray(ids: readonly number[]): SQL {
  // Only ids from our own maps reach here (never user text), so inlining them is safe.
  return sql.raw(`ARRAY[${ids.map((id) => Math.trunc(id)).join(',')}]::int[]`)
}

/** Turns parsed filters into SQL groups; unknown keys and values are ignored. */
export function resolveSelection(
  filters: readonly ParsedFilter[],
  scope: ListingScope['kind'],
  attributes: Attributes,
  tree: CategoryTree,
): Selection {
  const groups: Group[] = []
  const values = new Map<string, Set<string>>()
  const normalized: string[] = []
  let range: Selection['range'] = null
  const allowed = (key: string) => scope === 'category' || SEARCH_KEYS.has(key)
  const sorted = [...filters].sort((a, b) => a.key.localeCompare(b.key))
  for (const filter of sorted) {
    if (!allowed(filter.key)) continue
    if (filter.kind === 'range') {
      if (filter.key !== PRICE_FILTER_KEY) continue
      const parts: SQL[] = []
      if (filter.min !== null) parts.push(sql`p.price_cents >= ${filter.min * 100}`)
      if (filter.max !== null) parts.push(sql`p.price_cents <= ${filter.max * 100}`)
      groups.push({
        key: filter.key,
        predicate: sql.join(parts, sql` and `),
        test: {
          kind: 'price',
          min: filter.min === null ? null : filter.min * 100,
          max: filter.max === null ? null : filter.max * 100,
        },
      })
      range = { min: filter.min, max: filter.max }
      normalized.push(`${filter.key}=${filter.min ?? ''}-${filter.max ?? ''}`)
      continue
    }
    let known: string[] = []
    let predicate: SQL | null = null
    let test: GroupTest | null = null
    if (filter.key === CATEGORY_FILTER_KEY && scope === 'search') {
      const picked = filter.values
        .map((v) => tree.byId.get(Number(v)))
        .filter((c): c is Category => c !== undefined)
      if (picked.length > 0) {
        known = picked.slice(0, 1).map((c) => String(c.id))
        predicate = sql`p.category_id = any(${intArray(picked[0]?.subtreeIds ?? [])})`
        test = { kind: 'categories', ids: picked[0]?.subtreeIds ?? [] }
      }
    } else if (filter.key === AVAILABILITY_KEY) {
      if (filter.values.includes(AVAILABLE_VALUE)) {
        known = [AVAILABLE_VALUE]
        predicate = sql`p.stock > 0`
        test = { kind: 'inStock' }
      }
    } else if (filter.key === DISCOUNT_KEY) {
      const step = DISCOUNT_STEPS.find((s) => filter.values.includes(String(s)))
      if (step !== undefined) {
        known = [String(step)]
        predicate = sql`p.discount_percent >= ${step}`
        test = { kind: 'discount', atLeast: step }
      }
    } else if (filter.key === RATING_KEY) {
      const step = RATING_STEPS.find((s) => filter.values.includes(String(s)))
      if (step !== undefined) {
        known = [String(step)]
        predicate = sql`p.rating_count > 0 and p.rating_avg_x_100 >= ${step * 100}`
        test = { kind: 'rating', atLeastX100: step * 100 }
      }
    } else if (filter.key === ENERGY_KEY) {
      const classes = ENERGY_CLASSES.filter((c) => filter.values.includes(c.toLowerCase()))
      if (classes.length > 0) {
        known = classes.map((c) => c.toLowerCase())
        predicate = sql.raw(`p.energy_class in (${classes.map((c) => `'${c}'`).join(',')})`)
        test = { kind: 'energy', classes }
      }
    } else {
      const attribute = attributes.byKey.get(filter.key)
      if (attribute) {
        let options = filter.values
          .map((v) => attribute.byValue.get(v))
          .filter((o) => o !== undefined)
        if (attribute.filterType === 'radio') options = options.slice(0, 1)
        if (options.length > 0) {
          known = options.map((o) => o.value)
          predicate = sql`p.option_ids && ${intArray(options.map((o) => o.id))}`
          test = { kind: 'options', ids: options.map((o) => o.id) }
        }
      }
    }
    if (!predicate || !test || known.length === 0) continue
    known.sort()
    groups.push({ key: filter.key, predicate, test })
    values.set(filter.key, new Set(known))
    normalized.push(`${filter.key}=${known.join(',')}`)
  }
  return { groups, values, range, normalized }
}

export function scopePredicate(scope: ListingScope): SQL {
  // Inactive products (switched off in the back office) are in no listing and no search.
  return scope.kind === 'category'
    ? sql`p.active and p.category_id = any(${intArray(scope.category.subtreeIds)})`
    : sql`p.active and p.search_vector @@ to_tsquery('german', ${scope.query.tsquery})`
}

/** Every group's predicate AND-ed (the products of the listing). */
export function selectionPredicate(selection: Selection): SQL | undefined {
  if (selection.groups.length === 0) return undefined
  return sql.join(
    selection.groups.map((g) => sql`(${g.predicate})`),
    sql` and `,
  )
}

export type FacetRow = {
  kind: 'o' | 'c' | 'p' | 'e' | 'v' | 'r' | 's'
  key: string
  fail: number
  n: number
  lo: number | null
  hi: number | null
}

/** One pass over the scope: counts per option, category, class, availability, discount step. */
export async function queryFacets(
  db: Db,
  scope: ListingScope,
  selection: Selection,
): Promise<FacetRow[]> {
  const k = selection.groups.length
  const flags = selection.groups.map(
    (g, i) => sql`coalesce((${g.predicate}), false) as ${sql.raw(`g${i + 1}`)}`,
  )
  const hits =
    k === 0 ? sql`0` : sql.raw(selection.groups.map((_, i) => `g${i + 1}::int`).join(' + '))
  const fail =
    k === 0
      ? sql`0`
      : sql.raw(
          `case ${selection.groups.map((_, i) => `when not g${i + 1} then ${i + 1}`).join(' ')} else 0 end`,
        )
  const rows = await db.execute<FacetRow>(sql`
    with base as (
      select p.category_id, p.option_ids, p.price_cents, p.stock, p.discount_percent, p.energy_class,
        p.rating_count, p.rating_avg_x_100
        ${flags.length > 0 ? sql`, ${sql.join(flags, sql`, `)}` : sql``}
      from products p
      where ${scopePredicate(scope)}
    ), y as (
      select category_id, option_ids, price_cents, stock, discount_percent, energy_class,
        rating_count, rating_avg_x_100, ${fail} as fail
      from base
      where ${hits} >= ${k - 1}
    )
    select 'o' as kind, o::text as key, fail, count(*)::int as n, null::int as lo, null::int as hi
      from y cross join unnest(y.option_ids) as o group by o, fail
    union all
    select 'c', category_id::text, fail, count(*)::int, null, null from y group by category_id, fail
    union all
    select 'p', '', fail, count(*)::int, min(price_cents), max(price_cents) from y group by fail
    union all
    select 'e', energy_class, fail, count(*)::int, null, null from y
      where energy_class is not null group by energy_class, fail
    union all
    select 'v', ${AVAILABLE_VALUE}, fail, count(*)::int, null, null from y where stock > 0 group by fail
    union all
    select 'r', t::text, fail, count(*)::int, null, null from y
      cross join (values (10), (20), (30)) as steps(t) where discount_percent >= t group by t, fail
    union all
    select 's', t::text, fail, count(*)::int, null, null from y
      cross join (values (1), (2), (3), (4)) as steps(t)
      where rating_count > 0 and rating_avg_x_100 >= t * 100 group by t, fail
  `)
  return [...rows]
}

type Counter = {
  total: number
  byKey: (kind: FacetRow['kind'], key: string, own: string) => number
}

function counter(rows: FacetRow[], selection: Selection): Counter {
  const groupIndex = new Map(selection.groups.map((g, i) => [g.key, i + 1]))
  const sums = new Map<string, number>()
  let total = 0
  for (const row of rows) {
    if (row.kind === 'p' && row.fail === 0) total += row.n
    const id = `${row.kind}\u0000${row.key}\u0000${row.fail}`
    sums.set(id, (sums.get(id) ?? 0) + row.n)
  }
  return {
    total,
    byKey: (kind, key, own) => {
      const g = groupIndex.get(own)
      return (
        (sums.get(`${kind}\u0000${key}\u00000`) ?? 0) +
        (g === undefined ? 0 : (sums.get(`${kind}\u0000${key}\u0000${g}`) ?? 0))
      )
    },
  }
}

function property(
  value: string,
  text: string,
  quantity: number,
  checked: boolean,
  hex: string | null = null,
): FilterProperty {
  return { value, text, quantity, checked, hex, postfix: null }
}

function listFilter(
  id: string,
  name: string,
  filterType: Filter['filterType'],
  properties: FilterProperty[],
  optionType: Filter['optionType'] = 'text',
): Filter | null {
  const shown = properties.filter((p) => p.quantity > 0 || p.checked)
  if (shown.length === 0) return null
  return {
    id,
    filterType,
    name,
    optionType,
    open: OPEN_BY_DEFAULT.has(id) || shown.some((p) => p.checked),
    search: filterType === 'checkbox' && shown.length > SEARCH_BOX_FROM,
    properties: shown,
    range: null,
  }
}

/** The filters of a listing with counts for the current selection, in display order. */
export function buildFilters(
  rows: FacetRow[],
  scope: ListingScope,
  selection: Selection,
  attributes: Attributes,
  tree: CategoryTree,
): { filters: Filter[]; total: number } {
  const count = counter(rows, selection)
  const checked = (key: string, value: string) => selection.values.get(key)?.has(value) ?? false
  const filters: (Filter | null)[] = []

  // Category: sub-categories on a category page, the result's categories on a search page.
  const categoryCounts = new Map<number, number>()
  for (const row of rows) {
    if (row.kind !== 'c') continue
    const id = Number(row.key)
    if (!categoryCounts.has(id))
      categoryCounts.set(id, count.byKey('c', row.key, CATEGORY_FILTER_KEY))
  }
  if (scope.kind === 'category') {
    const properties = scope.category.children.map((child) =>
      property(
        String(child.id),
        child.name,
        child.subtreeIds.reduce((sum, id) => sum + (categoryCounts.get(id) ?? 0), 0),
        false,
      ),
    )
    filters.push(listFilter(CATEGORY_FILTER_KEY, 'Kategorie', 'radio', properties))
  } else {
    const properties = [...categoryCounts]
      .map(([id, quantity]) => ({ category: tree.byId.get(id), quantity }))
      .filter((c): c is { category: Category; quantity: number } => c.category !== undefined)
      .sort((a, b) => b.quantity - a.quantity || a.category.name.localeCompare(b.category.name))
      .map(({ category, quantity }) =>
        property(
          String(category.id),
          category.name,
          quantity,
          checked(CATEGORY_FILTER_KEY, String(category.id)),
        ),
      )
    const selectedId = [...(selection.values.get(CATEGORY_FILTER_KEY) ?? [])][0]
    if (selectedId && !properties.some((p) => p.value === selectedId)) {
      const selected = tree.byId.get(Number(selectedId))
      if (selected) properties.unshift(property(selectedId, selected.name, count.total, true))
    }
    filters.push(listFilter(CATEGORY_FILTER_KEY, 'Kategorie', 'radio', properties))
  }

  // Price: a range over the products that match every other filter.
  const priceGroup = selection.groups.findIndex((g) => g.key === PRICE_FILTER_KEY) + 1
  let lo: number | null = null
  let hi: number | null = null
  for (const row of rows) {
    if (row.kind !== 'p' || (row.fail !== 0 && row.fail !== priceGroup)) continue
    if (row.lo !== null) lo = lo === null ? row.lo : Math.min(lo, row.lo)
    if (row.hi !== null) hi = hi === null ? row.hi : Math.max(hi, row.hi)
  }
  if ((lo !== null && hi !== null) || selection.range) {
    const min = lo === null ? 0 : Math.floor(lo / 100)
    const max = hi === null ? 0 : Math.ceil(hi / 100)
    filters.push({
      id: PRICE_FILTER_KEY,
      filterType: 'range',
      name: 'Preis',
      optionType: 'text',
      open: true,
      search: false,
      properties: [],
      range: {
        min,
        max: Math.max(min, max),
        from: selection.range?.min ?? null,
        to: selection.range?.max ?? null,
        input: true,
        intValue: true,
        postfix: '€',
      },
    })
  }

  if (scope.kind === 'category') {
    filters.push(
      listFilter(AVAILABILITY_KEY, 'Verfügbarkeit', 'checkbox', [
        property(
          AVAILABLE_VALUE,
          'Sofort lieferbar',
          count.byKey('v', AVAILABLE_VALUE, AVAILABILITY_KEY),
          checked(AVAILABILITY_KEY, AVAILABLE_VALUE),
        ),
      ]),
      listFilter(
        DISCOUNT_KEY,
        'Rabatt',
        'radio',
        DISCOUNT_STEPS.map((step) =>
          property(
            String(step),
            `ab ${step} %`,
            count.byKey('r', String(step), DISCOUNT_KEY),
            checked(DISCOUNT_KEY, String(step)),
          ),
        ),
      ),
    )
  }
  // Rating (category and search pages): shown once any product of the scope has a published
  // review.
  if (rows.some((row) => row.kind === 's')) {
    filters.push(
      listFilter(
        RATING_KEY,
        'Bewertung',
        'radio',
        RATING_STEPS.map((step) =>
          property(
            String(step),
            `${step} ${step === 1 ? 'Stern' : 'Sterne'} & mehr`,
            count.byKey('s', String(step), RATING_KEY),
            checked(RATING_KEY, String(step)),
          ),
        ),
      ),
    )
  }

  // Which attribute groups, in which order: a category's filter list (issue 21, own or
  // inherited), else every attribute; search pages offer only their few keys.
  const offered = scope.kind === 'category' ? offeredAttributeKeys(scope.category) : null
  const attributeList = (offered ?? [...attributes.byKey.keys()])
    .map((key) => attributes.byKey.get(key))
    .filter(
      (a): a is Attribute =>
        a !== undefined && (scope.kind === 'category' || SEARCH_KEYS.has(a.key)),
    )
  const optionCounts = new Map<number, number>()
  for (const row of rows) {
    if (row.kind !== 'o') continue
    const id = Number(row.key)
    const option = attributes.optionById.get(id)
    if (!option || optionCounts.has(id)) continue
    optionCounts.set(id, count.byKey('o', row.key, option.attribute.key))
  }
  for (const attribute of attributeList)
    filters.push(attributeFilter(attribute, optionCounts, checked))

  if (scope.kind === 'category') {
    filters.push(
      listFilter(
        ENERGY_KEY,
        'Energieeffizienzklasse',
        'checkbox',
        ENERGY_CLASSES.map((c) =>
          property(
            c.toLowerCase(),
            c,
            count.byKey('e', c, ENERGY_KEY),
            checked(ENERGY_KEY, c.toLowerCase()),
          ),
        ),
      ),
    )
  }
  return { filters: filters.filter((f): f is Filter => f !== null), total: count.total }
}

function attributeFilter(
  attribute: Attribute,
  optionCounts: Map<number, number>,
  checked: (key: string, value: string) => boolean,
): Filter | null {
  return listFilter(
    attribute.key,
    attribute.name,
    attribute.filterType,
    attribute.options.map((option) =>
      property(
        option.value,
        option.text,
        optionCounts.get(option.id) ?? 0,
        checked(attribute.key, option.value),
        option.hex,
      ),
    ),
    attribute.optionType,
  )
}
