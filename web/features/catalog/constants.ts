// Catalog constants the browser needs. They mirror contract/catalog.ts, which the browser must not
// import at runtime (it carries zod); constants.test.ts keeps both in step.
import type { CatalogSort } from '#contract/catalog.ts'

export const PRODUCTS_PER_PAGE = 20
export const LISTING_TEXT_LIMIT = 80
export const SUGGESTION_MIN_CHARS = 3
export const SUGGESTION_LIMIT = 5
export const MAX_PAGE = 500
export const PRICE_FILTER_KEY = 'preis'
export const CATEGORY_FILTER_KEY = 'kategorie'

/** Sort orders with their labels (storefront section 2), in menu order. */
export const SORT_OPTIONS: { value: CatalogSort; label: string }[] = [
  { value: 'relevanz', label: 'Relevanz' },
  { value: 'preis-aufsteigend', label: 'Preis aufsteigend' },
  { value: 'preis-absteigend', label: 'Preis absteigend' },
  { value: 'neuheiten', label: 'Neuheiten' },
  { value: 'bestseller', label: 'Bestseller' },
]
export const DEFAULT_SORT: CatalogSort = 'relevanz'

/** Page URL parameters of listings. */
export const SORT_PARAM = 'sortierung'
export const PAGE_PARAM = 'seite'

/** Carousel defaults (storefront section 9). */
export const CAROUSEL = { speedMs: 400, intervalMs: 5000, gapPx: 10, move: 1 } as const
/** Last seen products load when the slider is within 100 px of the viewport. */
export const LAST_SEEN_MARGIN_PX = 100
export const LAST_SEEN_COOKIE = 'last_seen'
export const LAST_SEEN_MAX = 12
/** Image zoom: pictures at 2800 px, magnified 3 times under the pointer. */
export const ZOOM = { size: 2800, scale: 3 } as const
/** Suggestions close after 50 px of scrolling. */
export const SUGGESTION_SCROLL_CLOSE_PX = 50
