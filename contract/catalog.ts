// Catalog and discovery (storefront sections 2-5, 7 and 9): navigation, listings with filters
// and facet counts, search with suggestions, product pages, energy labels and last seen products.
import { z } from 'zod'
import { c, ErrorSchema } from './errors.ts'
import { id, SearchTermSchema, textId, textInt } from './fields.ts'
import { EnergyEfficiencySchema } from './header.ts'
import { m } from './messages.de.ts'

/** Storefront section 9: product listing limit 20, text limit 80. */
export const PRODUCTS_PER_PAGE = 20
export const LISTING_TEXT_LIMIT = 80
/** Search suggestions: more than 2 characters, at most 5 (storefront section 9). */
export const SUGGESTION_MIN_CHARS = 3
export const SUGGESTION_LIMIT = 5
/** Pages beyond this answer 400: nobody pages that deep, and OFFSET gets expensive. */
export const MAX_PAGE = 500

/** Sort orders of listings, spelled as they appear in page URLs (?sortierung=...). */
export const CATALOG_SORTS = [
  'relevanz',
  'preis-aufsteigend',
  'preis-absteigend',
  'neuheiten',
  'bestseller',
] as const
export const CatalogSortSchema = z.enum(CATALOG_SORTS)
export type CatalogSort = z.infer<typeof CatalogSortSchema>

// --- Filter strings -------------------------------------------------------------------------
//
// A selected filter travels as `key=value` in the page URL (?hersteller=asus,msi&preis=200-800),
// in the listing calls (`filter`: the same query string) and in the spec's filter calls
// (`selectedFilter`: a list of such strings). Values are option slugs separated by commas, a
// range `min-max` in whole euros for `preis`, category ids for `kategorie` (search only).

export const PRICE_FILTER_KEY = 'preis'
export const CATEGORY_FILTER_KEY = 'kategorie'
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/
const VALUE_PATTERN = /^[a-z0-9][a-z0-9.,_-]{0,199}$/
const RANGE_PATTERN = /^(\d{1,7})?-(\d{1,7})?$/
const MAX_FILTERS = 40

export type ParsedFilter =
  | { key: string; kind: 'values'; values: string[] }
  | { key: string; kind: 'range'; min: number | null; max: number | null }

function parseEntry(key: string, rawValue: string): ParsedFilter | null {
  if (!KEY_PATTERN.test(key)) return null
  const value = rawValue.trim().toLowerCase()
  if (key === PRICE_FILTER_KEY) {
    const match = RANGE_PATTERN.exec(value)
    if (!match || (match[1] === undefined && match[2] === undefined)) return null
    const min = match[1] === undefined ? null : Number(match[1])
    const max = match[2] === undefined ? null : Number(match[2])
    if (min !== null && max !== null && min > max) return null
    return { key, kind: 'range', min, max }
  }
  if (!VALUE_PATTERN.test(value)) return null
  const values = [...new Set(value.split(',').filter((v) => v.length > 0))]
  if (key === CATEGORY_FILTER_KEY && !values.every((v) => /^\d{1,9}$/.test(v))) return null
  return { key, kind: 'values', values }
}

/**
 * Parses filter query strings (`hersteller=asus,msi&preis=200-800`); a key given twice merges its
 * values. Returns null when any part is malformed. Unknown keys and values are the caller's
 * business (the server ignores them, so old shared links keep working).
 */
export function parseFilterQuery(queries: readonly string[]): ParsedFilter[] | null {
  const merged = new Map<string, ParsedFilter>()
  let count = 0
  for (const query of queries) {
    let params: URLSearchParams
    try {
      params = new URLSearchParams(query)
    } catch {
      return null
    }
    for (const [key, value] of params) {
      count += 1
      if (count > MAX_FILTERS) return null
      const entry = parseEntry(key, value)
      if (!entry) return null
      const previous = merged.get(key)
      if (previous?.kind === 'values' && entry.kind === 'values') {
        previous.values = [...new Set([...previous.values, ...entry.values])]
      } else {
        merged.set(key, entry)
      }
    }
    if (query.trim() !== '' && [...params].length === 0) return null
  }
  return [...merged.values()]
}

const filterIssue = { code: 'custom' as const, message: m('filter_invalid') }

/** `filter` of the listing calls: the page's filter query string. */
const FilterQuerySchema = z
  .string()
  .max(2000)
  .superRefine((value, ctx) => {
    if (parseFilterQuery([value]) === null) ctx.addIssue(filterIssue)
  })
  .optional()

/** One entry of the spec's `selectedFilter` list. */
const FilterStringSchema = z
  .string()
  .max(500)
  .superRefine((value, ctx) => {
    if (parseFilterQuery([value]) === null) ctx.addIssue(filterIssue)
  })

const SelectedFilterSchema = z.array(FilterStringSchema).max(MAX_FILTERS).default([])

// --- Shapes -----------------------------------------------------------------------------------

/** Ids in the path and query: digits; in bodies: JSON numbers. */
const IdSchema = textId()

export const CategoryLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  hasChildren: z.boolean(),
})
export type CategoryLink = z.infer<typeof CategoryLinkSchema>

/** A category with its place in the tree (storefront section 3: breadcrumb, parent, children). */
export const CategoryNodeSchema = CategoryLinkSchema.extend({
  description: z.string(),
  /** From the top level down to this category (inclusive). */
  breadcrumb: z.array(CategoryLinkSchema),
  parent: CategoryLinkSchema.nullable(),
  children: z.array(CategoryLinkSchema),
})
export type CategoryNode = z.infer<typeof CategoryNodeSchema>

export const NavigationDataSchema = z.object({
  categories: z.array(
    CategoryLinkSchema.extend({ image: z.string(), children: z.array(CategoryLinkSchema) }),
  ),
})
export type NavigationData = z.infer<typeof NavigationDataSchema>

export const FilterPropertySchema = z.object({
  value: z.string(),
  text: z.string(),
  /** Products matching this option together with every other selected filter. */
  quantity: z.number().int(),
  checked: z.boolean(),
  hex: z.string().nullable(),
  postfix: z.string().nullable(),
})
export type FilterProperty = z.infer<typeof FilterPropertySchema>

export const FilterRangeSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
  /** The selected bounds, null when open. */
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  /** The range has number inputs beside the slider; values are whole numbers. */
  input: z.boolean(),
  intValue: z.boolean(),
  postfix: z.string(),
})

/** Storefront section 3: id, filterType, name, optionType, properties; range with input. */
export const FilterSchema = z.object({
  id: z.string(),
  filterType: z.enum(['checkbox', 'radio', 'range']),
  name: z.string(),
  optionType: z.enum(['text', 'color']),
  /** Open by default (category and price). */
  open: z.boolean(),
  /** A checkbox filter with a search box inside (long option lists). */
  search: z.boolean(),
  properties: z.array(FilterPropertySchema),
  range: FilterRangeSchema.nullable(),
})
export type Filter = z.infer<typeof FilterSchema>

export const FiltersResponseSchema = z.object({
  filters: z.array(FilterSchema),
  /** Products matching the whole selection. */
  productCount: z.number().int(),
})
export type FiltersResponse = z.infer<typeof FiltersResponseSchema>

export const AvailabilitySchema = z.enum(['in_stock', 'low_stock', 'out_of_stock'])
export type Availability = z.infer<typeof AvailabilitySchema>

export const ProductTileSchema = z.object({
  id: z.number().int(),
  articleNumber: z.string(),
  name: z.string(),
  brand: z.string(),
  url: z.string(),
  image: z.string(),
  teaser: z.string(),
  categoryName: z.string(),
  priceCents: z.number().int(),
  /**
   * The comparison price shown struck through: the lowest price of the 30 days before the current
   * reduction (§ 11 PAngV), only while the merchant announces a reduction and the price is below
   * it; null: no comparison price, no badge (docs/decisions.md "30-day price").
   */
  strikeThroughPriceCents: z.number().int().nullable(),
  recommendedRetailPriceCents: z.number().int().nullable(),
  /** Saving against that 30-day price in whole percent (EuGH C-330/23); 0 without one. */
  discountPercent: z.number().int(),
  /** Whether a Campus price exists; its amount is sent to Campus members only. */
  hasCampusPrice: z.boolean(),
  campusPriceCents: z.number().int().nullable(),
  availability: AvailabilitySchema,
  /** Pieces left when few are (1-4), else null. */
  lowStockQuantity: z.number().int().nullable(),
  energyEfficiency: EnergyEfficiencySchema.nullable(),
  /**
   * Published reviews (issue 22): average stars times 100 and count; null without any. Optional:
   * tiles made outside the catalog (cart, wishlist) leave it out.
   */
  rating: z
    .object({ averageX100: z.number().int(), count: z.number().int() })
    .nullable()
    .optional(),
})
export type ProductTile = z.infer<typeof ProductTileSchema>

export const ProductListSchema = z.object({ products: z.array(ProductTileSchema) })
export type ProductList = z.infer<typeof ProductListSchema>

const ListingBase = z.object({
  products: z.array(ProductTileSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: CatalogSortSchema,
  filters: z.array(FilterSchema),
  /** The applied filters as `key=value` strings, normalised (unknown keys dropped). */
  selectedFilter: z.array(z.string()),
})

export const CategoryListingSchema = ListingBase.extend({ category: CategoryNodeSchema })
export type CategoryListing = z.infer<typeof CategoryListingSchema>

export const SearchListingSchema = ListingBase.extend({
  query: z.string(),
  /** An exact article number or EAN: the product page to go to instead of a result list. */
  redirect: z.string().nullable(),
})
export type SearchListing = z.infer<typeof SearchListingSchema>

/** Storefront section 3: energy label with eefImage, scale and pdfUrl (the data sheet). */
export const EnergyLabelSchema = z.object({
  eefImage: z.string(),
  /** "A - G"; when it is "A - G" or empty the scale is shown beside the label. */
  scale: z.string(),
  pdfUrl: z.string(),
  label: z.string(),
  classLevel: z.number().int(),
})
export type EnergyLabel = z.infer<typeof EnergyLabelSchema>

export const WarrantySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  months: z.number().int(),
  priceCents: z.number().int(),
})
export type Warranty = z.infer<typeof WarrantySchema>

/** A product-safety contact (GPSR (EU) 2023/988 Art. 19 b, c): name, postal and electronic address. */
export const SafetyContactSchema = z.object({
  name: z.string(),
  street: z.string(),
  zipCode: z.string(),
  city: z.string(),
  /** German country name ("Taiwan", "Irland"). */
  country: z.string(),
  /** E-mail address ("mailto:...") or the URL of a contact form. */
  electronicAddress: z.string(),
})
export type SafetyContact = z.infer<typeof SafetyContactSchema>

/** Product safety information for distance sales (GPSR Art. 19), shown as "Produktsicherheit". */
export const ProductSafetySchema = z.object({
  manufacturer: SafetyContactSchema,
  /** The person responsible in the EU when the manufacturer is established outside it. */
  responsiblePerson: SafetyContactSchema.nullable(),
  /** Type identifier (manufacturer part number) when known; article number and EAN beside it. */
  modelNumber: z.string().nullable(),
  /** Warnings and safety information in German. */
  warnings: z.array(z.string()),
})
export type ProductSafety = z.infer<typeof ProductSafetySchema>

export const ProductDetailSchema = ProductTileSchema.extend({
  ean: z.string(),
  /** Paragraphs. */
  description: z.array(z.string()),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  category: CategoryLinkSchema,
  breadcrumb: z.array(CategoryLinkSchema),
  maxQuantity: z.number().int(),
  /** Delivery time while in stock as the merchant wrote it ("3–5 Werktage"); null: 1–2 Werktage. */
  deliveryTime: z.string().nullable(),
  warranties: z.array(WarrantySchema),
  specs: z.array(z.object({ group: z.string(), name: z.string(), value: z.string() })),
  energyLabel: EnergyLabelSchema.nullable(),
  releasedAt: z.string(),
  /** Null only for a product whose manufacturer is not recorded yet. */
  safety: ProductSafetySchema.nullable(),
  /**
   * Electrical equipment duties: the old device is picked up free at delivery (ElektroG § 17,
   * categories 1, 2, 4; the checkout asks) and battery notes (BattG, (EU) 2023/1542).
   */
  disposal: z.object({ largeAppliance: z.boolean(), containsBattery: z.boolean() }),
})
export type ProductDetail = z.infer<typeof ProductDetailSchema>

export const SuggestionSchema = z.object({
  /** The search text to run; the suggestion leads to /produkte/{query}. */
  query: z.string(),
  url: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  image: z.string().nullable(),
})
export type Suggestion = z.infer<typeof SuggestionSchema>

const listingQuery = {
  filter: FilterQuerySchema,
  sort: CatalogSortSchema.default('relevanz'),
  page: textInt(1, MAX_PAGE).default(1),
}

const svg = c.otherResponse({ contentType: 'image/svg+xml', body: z.string() })

export const catalogContract = c.router({
  getNavigationData: {
    method: 'GET',
    path: '/api/navigation_data',
    responses: { 200: NavigationDataSchema },
    summary: 'Top-level categories with their children (storefront section 7)',
  },
  getNavigationCategory: {
    method: 'GET',
    path: '/api/navigation/category/:id',
    pathParams: z.object({ id: IdSchema }),
    responses: { 200: CategoryNodeSchema, 404: ErrorSchema },
    summary: 'One category with breadcrumb, parent and children for the sidebar (section 7)',
  },
  getCategoryListing: {
    method: 'GET',
    path: '/api/catalog/listing',
    query: z.object({ path: z.string().max(300), ...listingQuery }),
    responses: { 200: CategoryListingSchema, 404: ErrorSchema },
    summary:
      'Category page: 20 products of a page with sort, filters and facet counts (sections 2, 9)',
  },
  getCategoryRedirect: {
    method: 'GET',
    path: '/api/catalog/category-redirect',
    query: z.object({ path: z.string().max(300) }),
    responses: { 200: z.object({ url: z.string() }), 404: ErrorSchema },
    summary:
      'The current address of a category that was moved in the tree (issue 21): its former /kategorie/{path} answers 301 there',
  },
  getCategoryFilters: {
    method: 'POST',
    path: '/category/filters/get',
    body: z.object({ categoryId: id(), selectedFilter: SelectedFilterSchema }),
    responses: { 200: FiltersResponseSchema, 404: ErrorSchema },
    summary: 'Filters with counts for a category and a selection (storefront section 7)',
  },
  getSearchResults: {
    method: 'GET',
    path: '/api/catalog/search',
    query: z.object({ query: SearchTermSchema, ...listingQuery }),
    responses: { 200: SearchListingSchema },
    summary:
      'Search results (/produkte/{term}): German full text, model numbers, exact article/EAN',
  },
  getSearchFilters: {
    method: 'POST',
    path: '/search/filters/get',
    body: z.object({ query: SearchTermSchema, filter: SelectedFilterSchema }),
    responses: { 200: FiltersResponseSchema },
    summary: 'Filters with counts for a search and a selection (storefront section 7)',
  },
  getSearchSuggestions: {
    method: 'GET',
    path: '/api/catalog/suggestions',
    query: z.object({ query: SearchTermSchema }),
    responses: { 200: z.object({ suggestions: z.array(SuggestionSchema) }) },
    summary: 'At most 5 suggestions (query, category, image) for more than 2 characters',
  },
  getProduct: {
    method: 'GET',
    path: '/api/catalog/products/:productId',
    pathParams: z.object({ productId: IdSchema }),
    responses: { 200: ProductDetailSchema, 404: ErrorSchema },
    summary: 'Product page data: prices, stock, warranties, technical data, energy label',
  },
  getTopProducts: {
    method: 'GET',
    path: '/api/catalog/top-products',
    query: z.object({ categoryId: IdSchema.optional() }),
    responses: { 200: ProductListSchema, 404: ErrorSchema },
    summary: '"Top Produkte" slider: best sellers in stock, of a category subtree or overall',
  },
  getCampusDeals: {
    method: 'GET',
    path: '/api/catalog/campus-deals',
    responses: { 200: ProductListSchema },
    summary:
      'Campus deals for /studentenprogramm: best sellers in stock that have a Campus price (its amount for members only)',
  },
  getLastSeenProducts: {
    method: 'GET',
    path: '/api/last-seen-products',
    query: z.object({ exclude: IdSchema.optional() }),
    responses: { 200: ProductListSchema },
    summary: '"Zuletzt angesehene Produkte" from the last_seen cookie (storefront section 7)',
  },
  getEnergyLabel: {
    method: 'GET',
    path: '/product/fetch/eef/:productId',
    pathParams: z.object({ productId: IdSchema }),
    responses: { 200: EnergyLabelSchema, 404: ErrorSchema },
    summary: 'Energy label of a product: eefImage, scale, pdfUrl (storefront section 7)',
  },
  getProductImage: {
    method: 'GET',
    path: '/api/catalog/products/:productId/images/:index.svg',
    pathParams: z.object({ productId: IdSchema, index: textInt(1, 9) }),
    responses: { 200: svg, 404: ErrorSchema },
    summary: 'Generated product picture (SVG)',
  },
  getEnergyLabelImage: {
    method: 'GET',
    path: '/api/catalog/products/:productId/energielabel.svg',
    pathParams: z.object({ productId: IdSchema }),
    responses: { 200: svg, 404: ErrorSchema },
    summary: 'Generated EU energy label (SVG)',
  },
  getDataSheet: {
    method: 'GET',
    path: '/api/catalog/products/:productId/datenblatt.pdf',
    pathParams: z.object({ productId: IdSchema }),
    responses: {
      200: c.otherResponse({ contentType: 'application/pdf', body: c.type<Uint8Array>() }),
      404: ErrorSchema,
    },
    summary: 'Product data sheet (PDF), linked from the energy label',
  },
  getCategoryImage: {
    method: 'GET',
    path: '/api/catalog/categories/:categoryId/bild.svg',
    pathParams: z.object({ categoryId: IdSchema }),
    responses: { 200: svg, 404: ErrorSchema },
    summary: 'Generated category picture (SVG) for the entry points on the home page',
  },
})
