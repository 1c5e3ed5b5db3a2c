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

/** `predicate` is made on demand: listings answered by the index never build SQL. */
type Group = { key: string; predicate: () => SQL; test: GroupTest }

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
      const { min, max } = filter
      groups.push({
        key: filter.key,
        predicate: () => {
          const parts: SQL[] = []
          if (min !== null) parts.push(sql`p.price_cents >= ${min * 100}`)
          if (max !== null) parts.push(sql`p.price_cents <= ${max * 100}`)
          return sql.join(parts, sql` and `)
        },
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
    let predicate: (() => SQL) | null = null
    let test: GroupTest | null = null
    if (filter.key === CATEGORY_FILTER_KEY && scope === 'search') {
      const picked = filter.values
        .map((v) => tree.byId.get(Number(v)))
        .filter((c): c is Category => c !== undefined)
      if (picked.length > 0) {
        known = picked.slice(0, 1).map((c) => String(c.id))
        const ids = picked[0]?.subtreeIds ?? []
        predicate = () => sql`p.category_id = any(${intArray(ids)})`
        test = { kind: 'categories', ids: picked[0]?.subtreeIds ?? [] }
      }
    } else if (filter.key === AVAILABILITY_KEY) {
      if (filter.values.includes(AVAILABLE_VALUE)) {
        known = [AVAILABLE_VALUE]
        predicate = () => sql`p.stock > 0`
        test = { kind: 'inStock' }
      }
    } else if (filter.key === DISCOUNT_KEY) {
      const step = DISCOUNT_STEPS.find((s) => filter.values.includes(String(s)))
      if (step !== undefined) {
        known = [String(step)]
        predicate = () => sql`p.discount_percent >= ${step}`
        test = { kind: 'discount', atLeast: step }
      }
    } else if (filter.key === RATING_KEY) {
      const step = RATING_STEPS.find((s) => filter.values.includes(String(s)))
      if (step !== undefined) {
        known = [String(step)]
        predicate = () => sql`p.rating_count > 0 and p.rating_avg_x_100 >= ${step * 100}`
        test = { kind: 'rating', atLeastX100: step * 100 }
      }
    } else if (filter.key === ENERGY_KEY) {
      const classes = ENERGY_CLASSES.filter((c) => filter.values.includes(c.toLowerCase()))
      if (classes.length > 0) {
        known = classes.map((c) => c.toLowerCase())
        predicate = () => sql.raw(`p.energy_class in (${classes.map((c) => `'${c}'`).join(',')})`)
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
          const ids = options.map((o) => o.id)
          predicate = () => sql`p.option_ids && ${intArray(ids)}`
          test = { kind: 'options', ids }
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
    selection.groups.map((g) => sql`(${g.predicate()})`),
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
    (g, i) => sql`coalesce((${g.predicate()}), false) as ${sql.raw(`g${i + 1}`)}`,
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

/**
 * The counts `buildFilters` reads. `group` is the 1-based index of the selection's group whose
 * filter key the facet belongs to (0: none): a value's count is the products failing no group
 * plus those failing only that group (the rows with fail 0 or fail `group`).
 */
export type FacetCounts = {
  /** Products passing every group. */
  readonly total: number
  /** Whether any product counted has a published review (a rating row exists). */
  readonly hasRating: boolean
  option(id: number, group: number): number
  /** The categories with any row, in the rows' order. */
  categoryIds(): Iterable<number>
  category(id: number, group: number): number
  /** Lowest and highest price (cents) of the products counted for `group`. */
  price(group: number): { lo: number | null; hi: number | null }
  energy(letter: string, group: number): number
  available(group: number): number
  discount(step: number, group: number): number
  rating(step: number, group: number): number
}

/** The counts of facet rows (the SQL path, `queryFacets`). */
export function countsOfRows(rows: readonly FacetRow[]): FacetCounts {
  const sums = new Map<string, number>()
  const categories: number[] = []
  const seenCategories = new Set<number>()
  let total = 0
  let hasRating = false
  for (const row of rows) {
    if (row.kind === 'p' && row.fail === 0) total += row.n
    if (row.kind === 's') hasRating = true
    if (row.kind === 'c') {
      const id = Number(row.key)
      if (!seenCategories.has(id)) {
        seenCategories.add(id)
        categories.push(id)
      }
    }
    const id = `${row.kind}\u0000${row.key}\u0000${row.fail}`
    sums.set(id, (sums.get(id) ?? 0) + row.n)
  }
  const byKey = (kind: FacetRow['kind'], key: string, group: number) =>
    (sums.get(`${kind}\u0000${key}\u00000`) ?? 0) +
    (group === 0 ? 0 : (sums.get(`${kind}\u0000${key}\u0000${group}`) ?? 0))
  return {
    total,
    hasRating,
    option: (id, group) => byKey('o', String(id), group),
    categoryIds: () => categories,
    category: (id, group) => byKey('c', String(id), group),
    price: (group) => {
      let lo: number | null = null
      let hi: number | null = null
      for (const row of rows) {
        if (row.kind !== 'p' || (row.fail !== 0 && row.fail !== group)) continue
        if (row.lo !== null) lo = lo === null ? row.lo : Math.min(lo, row.lo)
        if (row.hi !== null) hi = hi === null ? row.hi : Math.max(hi, row.hi)
      }
      return { lo, hi }
    },
    energy: (letter, group) => byKey('e', letter, group),
    available: (group) => byKey('v', AVAILABLE_VALUE, group),
    discount: (step, group) => byKey('r', String(step), group),
    rating: (step, group) => byKey('s', String(step), group),
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
  count: FacetCounts,
  scope: ListingScope,
  selection: Selection,
  attributes: Attributes,
  tree: CategoryTree,
): { filters: Filter[]; total: number } {
  // The group a facet's own key selects (the last group of that key, 0: none).
  const groupIndex = new Map(selection.groups.map((g, i) => [g.key, i + 1]))
  const own = (key: string) => groupIndex.get(key) ?? 0
  const checked = (key: string, value: string) => selection.values.get(key)?.has(value) ?? false
  const filters: (Filter | null)[] = []

  // Category: sub-categories on a category page, the result's categories on a search page.
  const categoryGroup = own(CATEGORY_FILTER_KEY)
  const categoryCounts = new Map<number, number>()
  for (const id of count.categoryIds()) categoryCounts.set(id, count.category(id, categoryGroup))
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
  const { lo, hi } = count.price(priceGroup)
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
    const discountGroup = own(DISCOUNT_KEY)
    filters.push(
      listFilter(AVAILABILITY_KEY, 'Verfügbarkeit', 'checkbox', [
        property(
          AVAILABLE_VALUE,
          'Sofort lieferbar',
          count.available(own(AVAILABILITY_KEY)),
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
            count.discount(step, discountGroup),
            checked(DISCOUNT_KEY, String(step)),
          ),
        ),
      ),
    )
  }
  // Rating (category and search pages): shown once any product of the scope has a published
  // review.
  if (count.hasRating) {
    const ratingGroup = own(RATING_KEY)
    filters.push(
      listFilter(
        RATING_KEY,
        'Bewertung',
        'radio',
        RATING_STEPS.map((step) =>
          property(
            String(step),
            `${step} ${step === 1 ? 'Stern' : 'Sterne'} & mehr`,
            count.rating(step, ratingGroup),
            checked(RATING_KEY, String(step)),
          ),
        ),
      ),
    )
  }

  // Which attribute groups, in which order: a category's filter list (issue 21, own or
  // inherited), else every attribute; search pages offer only their few keys.
  for (const attribute of offeredAttributes(scope, attributes))
    filters.push(attributeFilter(attribute, count, own(attribute.key), checked))

  if (scope.kind === 'category') {
    const energyGroup = own(ENERGY_KEY)
    filters.push(
      listFilter(
        ENERGY_KEY,
        'Energieeffizienzklasse',
        'checkbox',
        ENERGY_CLASSES.map((c) =>
          property(
            c.toLowerCase(),
            c,
            count.energy(c, energyGroup),
            checked(ENERGY_KEY, c.toLowerCase()),
          ),
        ),
      ),
    )
  }
  return { filters: filters.filter((f): f is Filter => f !== null), total: count.total }
}

/** The attributes a listing offers as filters, per category (and attribute list) and for search. */
const offeredByCategory = new WeakMap<Attributes, WeakMap<Category, Attribute[]>>()
let offeredForSearch: { attributes: Attributes; list: Attribute[] } | null = null

function offeredAttributes(scope: ListingScope, attributes: Attributes): Attribute[] {
  if (scope.kind === 'search') {
    if (offeredForSearch?.attributes !== attributes)
      offeredForSearch = { attributes, list: offeredList(null, attributes, 'search') }
    return offeredForSearch.list
  }
  let perCategory = offeredByCategory.get(attributes)
  if (!perCategory) {
    perCategory = new WeakMap()
    offeredByCategory.set(attributes, perCategory)
  }
  let list = perCategory.get(scope.category)
  if (!list) {
    list = offeredList(offeredAttributeKeys(scope.category), attributes, 'category')
    perCategory.set(scope.category, list)
  }
  return list
}

function offeredList(
  offered: string[] | null,
  attributes: Attributes,
  scope: ListingScope['kind'],
): Attribute[] {
  return (offered ?? [...attributes.byKey.keys()])
    .map((key) => attributes.byKey.get(key))
    .filter(
      (a): a is Attribute => a !== undefined && (scope === 'category' || SEARCH_KEYS.has(a.key)),
    )
}

function attributeFilter(
  attribute: Attribute,
  count: FacetCounts,
  group: number,
  checked: (key: string, value: string) => boolean,
): Filter | null {
  // Only the options shown (a count or checked) become properties (listFilter drops the rest).
  const properties: FilterProperty[] = []
  for (const option of attribute.options) {
    const quantity = count.option(option.id, group)
    const isChecked = checked(attribute.key, option.value)
    if (quantity > 0 || isChecked)
      properties.push(property(option.value, option.text, quantity, isChecked, option.hex))
  }
  return listFilter(
    attribute.key,
    attribute.name,
    attribute.filterType,
    properties,
    attribute.optionType,
  )
}
