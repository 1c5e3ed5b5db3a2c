// Listing state in page URLs (?hersteller=asus,msi&preis=200-800&sortierung=...&seite=2) and the
// filter draft a shopper edits before applying it. Pure functions, shared by loaders and pages.
import type { CatalogSort } from '#contract/catalog.ts'
import {
  DEFAULT_SORT,
  MAX_PAGE,
  PAGE_PARAM,
  PRICE_FILTER_KEY,
  SORT_OPTIONS,
  SORT_PARAM,
} from './constants.ts'

/** Tracking and other foreign parameters that are never filters. */
const FOREIGN_PARAM = /^(utm_.*|gclid|fbclid|msclkid|_ga|ref|q)$/

/** key -> selected values (for `preis` one "min-max" value). */
export type FilterDraft = Record<string, string[]>

export type ListingParams = {
  /** The filters as a query string for the API (`filter`), undefined without any. */
  filter: string | undefined
  sort: CatalogSort
  page: number
}

function isSort(value: string | null): value is CatalogSort {
  return SORT_OPTIONS.some((option) => option.value === value)
}

/** Reads a listing page URL: unknown sorts and pages fall back to the defaults. */
export function listingParams(search: URLSearchParams): ListingParams {
  const sortParam = search.get(SORT_PARAM)
  const pageParam = Number(search.get(PAGE_PARAM) ?? '1')
  const draft: FilterDraft = {}
  for (const [key, value] of search) {
    if (key === SORT_PARAM || key === PAGE_PARAM || FOREIGN_PARAM.test(key)) continue
    draft[key] = [...(draft[key] ?? []), ...(key === PRICE_FILTER_KEY ? [value] : value.split(','))]
  }
  const filter = draftToQuery(draft)
  return {
    filter: filter === '' ? undefined : filter,
    sort: isSort(sortParam) ? sortParam : DEFAULT_SORT,
    page: Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= MAX_PAGE ? pageParam : 1,
  }
}

/** The API's normalised strings ("hersteller=asus,msi") as a draft. */
export function draftFromSelected(selected: readonly string[]): FilterDraft {
  const draft: FilterDraft = {}
  for (const entry of selected) {
    const at = entry.indexOf('=')
    if (at <= 0) continue
    const key = entry.slice(0, at)
    const values = entry
      .slice(at + 1)
      .split(key === PRICE_FILTER_KEY ? /$^/ : ',')
      .filter(Boolean)
    if (values.length > 0) draft[key] = values
  }
  return draft
}

/** "key=v1,v2" strings, sorted, for the spec's selectedFilter list. */
export function draftToStrings(draft: FilterDraft): string[] {
  return Object.keys(draft)
    .sort()
    .filter((key) => (draft[key] ?? []).length > 0)
    .map((key) => `${key}=${[...new Set(draft[key])].sort().join(',')}`)
}

/** The draft as a query string; values are URL-safe slugs, so commas stay readable. */
export function draftToQuery(draft: FilterDraft): string {
  return draftToStrings(draft)
    .map((entry) => {
      const at = entry.indexOf('=')
      return `${encodeURIComponent(entry.slice(0, at))}=${encodeURIComponent(entry.slice(at + 1)).replace(/%2C/gi, ',')}`
    })
    .join('&')
}

/** The URL of a listing page with filters, sort and page. */
export function listingHref(
  basePath: string,
  draft: FilterDraft,
  sort: CatalogSort = DEFAULT_SORT,
  page = 1,
): string {
  const parts = [draftToQuery(draft)]
  if (sort !== DEFAULT_SORT) parts.push(`${SORT_PARAM}=${sort}`)
  if (page > 1) parts.push(`${PAGE_PARAM}=${page}`)
  const query = parts.filter(Boolean).join('&')
  return query ? `${basePath}?${query}` : basePath
}

export function toggleValue(draft: FilterDraft, key: string, value: string): FilterDraft {
  const current = draft[key] ?? []
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value]
  return setValues(draft, key, next)
}

export function setValues(draft: FilterDraft, key: string, values: string[]): FilterDraft {
  const next = { ...draft }
  if (values.length === 0) delete next[key]
  else next[key] = values
  return next
}

/** A price range; empty bounds, or bounds exactly at the ends of the range (a slider pushed to
 * its end), are open. */
export function setRange(
  draft: FilterDraft,
  key: string,
  from: number | null,
  to: number | null,
  bounds: { min: number; max: number },
): FilterDraft {
  const low = from !== null && from !== bounds.min ? from : null
  const high = to !== null && to !== bounds.max ? to : null
  if (low === null && high === null) return setValues(draft, key, [])
  const [a, b] = low !== null && high !== null && low > high ? [high, low] : [low, high]
  return setValues(draft, key, [`${a ?? ''}-${b ?? ''}`])
}

export function sameDraft(a: FilterDraft, b: FilterDraft): boolean {
  return draftToQuery(a) === draftToQuery(b)
}
