// Rules of the catalog: navigation, listings with facet counts, search, suggestions, product
// pages, energy labels, sliders. Answers that do not depend on the visitor are cached
// (cache.ts); the Campus price is added per visitor afterwards.
import { and } from 'drizzle-orm'
import {
  type CatalogSort,
  type CategoryListing,
  type CategoryNode,
  type EnergyLabel,
  type FiltersResponse,
  type NavigationData,
  type ParsedFilter,
  PRODUCTS_PER_PAGE,
  type ProductDetail,
  type ProductList,
  type ProductTile,
  parseFilterQuery,
  type SearchListing,
  SUGGESTION_LIMIT,
  SUGGESTION_MIN_CHARS,
  type Suggestion,
} from '#contract/catalog.ts'
import { pictureUrl } from '#contract/catalog-pictures.ts'
import type { Db } from '#db/client.ts'
import { normalizeSearchText } from '#db/schema/catalog.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { catalogCache } from './cache.ts'
import {
  buildFilters,
  countsOfRows,
  type FacetCounts,
  type ListingScope,
  queryFacets,
  resolveSelection,
  type Selection,
  scopePredicate,
  selectionPredicate,
} from './facets.ts'
import { type IndexScope, listingIndex, type SearchMatches } from './listing-index.ts'
import { selectShopPictures } from './pictures.ts'
import * as repo from './repo.ts'
import { productSafetyOf } from './safety.ts'
import { buildSearchQuery, exactCode, searchTokens } from './search-query.ts'
import { wordSimilarity } from './similarity.ts'
import {
  querySuggestIndex,
  type SuggestIndex,
  type SuggestionHit,
  suggestIndexOf,
  suggestionText,
} from './suggest-index.ts'
import {
  type Attributes,
  type Category,
  type CategoryTree,
  categoryLink,
  categoryNode,
  loadAttributes,
  loadTree,
} from './tree.ts'
import {
  categoryImageUrl,
  dataSheetUrl,
  energyLabelImageUrl,
  productImageUrl,
  productUrl,
  searchUrl,
  tileImageUrl,
} from './urls.ts'

/** What differs between visitors: Campus members see Campus prices. */
export type Viewer = { campusMember: boolean }

const TOP_PRODUCTS = 12
export const LAST_SEEN_LIMIT = 12
const ENERGY_CLASSES = 'ABCDEFG'
export const DEFAULT_ENERGY_SCALE = 'A - G'

function tree(ctx: AppContext): Promise<CategoryTree> {
  return catalogCache(ctx).get('tree', 'all', (db) => loadTree(db), ctx)
}

function attributes(ctx: AppContext): Promise<Attributes> {
  return catalogCache(ctx).get('attributes', 'all', (db) => loadAttributes(db), ctx)
}

// --- Tiles -------------------------------------------------------------------------------------

/** Stock as the tiles, wishlist and comparison show it: fewer than 5 pieces read "Nur noch N". */
export function availability(
  stock: number,
): Pick<ProductTile, 'availability' | 'lowStockQuantity'> {
  if (stock <= 0) return { availability: 'out_of_stock', lowStockQuantity: null }
  if (stock < 5) return { availability: 'low_stock', lowStockQuantity: stock }
  return { availability: 'in_stock', lowStockQuantity: null }
}

export function energyEfficiency(energyClass: string | null, scale: string | null) {
  if (!energyClass) return null
  return {
    label: energyClass,
    classLevel: ENERGY_CLASSES.indexOf(energyClass) + 1,
    scale: scale || DEFAULT_ENERGY_SCALE,
  }
}

function toTile(row: repo.TileRow, categories: CategoryTree): ProductTile {
  return {
    id: row.id,
    articleNumber: row.articleNumber,
    name: row.name,
    brand: row.brand,
    url: productUrl(row.slug, row.id),
    image: tileImageUrl(row.id, row.pictureHash),
    teaser: row.teaser,
    categoryName: categories.byId.get(row.categoryId)?.name ?? '',
    priceCents: row.priceCents,
    strikeThroughPriceCents: row.referencePriceCents,
    recommendedRetailPriceCents: row.recommendedRetailPriceCents,
    discountPercent: row.discountPercent ?? 0,
    hasCampusPrice: row.campusPriceCents !== null,
    campusPriceCents: row.campusPriceCents,
    ...availability(row.stock),
    energyEfficiency: energyEfficiency(row.energyClass, row.energyScale),
    rating:
      row.ratingCount > 0 ? { averageX100: row.ratingAvgX100 ?? 0, count: row.ratingCount } : null,
  }
}

/** The Campus price is shown to Campus members only. */
export function forViewer<T extends ProductTile>(tile: T, viewer: Viewer): T {
  return viewer.campusMember || tile.campusPriceCents === null
    ? tile
    : { ...tile, campusPriceCents: null }
}

const GUEST: Viewer = { campusMember: false }

/**
 * A cached answer in two forms: with Campus prices (members), and without them for everyone
 * else, already serialised, so a cache hit costs no JSON encoding.
 */
type Shared<T> = { full: T; guest: T; guestJson: Buffer }

function share<T>(full: T, withoutCampus: (value: T) => T): Shared<T> {
  const guest = withoutCampus(full)
  return { full, guest, guestJson: Buffer.from(JSON.stringify(guest)) }
}

function withoutCampusPrices<T extends { products: ProductTile[] }>(value: T): T {
  return { ...value, products: value.products.map((tile) => forViewer(tile, GUEST)) }
}

/** What a handler sends: the body, and its serialised form when it may be sent as is. */
export type Answer<T> = { body: T; json: Buffer | null }

function answer<T>(shared: Shared<T>, viewer: Viewer): Answer<T> {
  return viewer.campusMember
    ? { body: shared.full, json: null }
    : { body: shared.guest, json: shared.guestJson }
}

function fresh<T>(body: T): Answer<T> {
  return { body, json: null }
}

// --- Navigation --------------------------------------------------------------------------------

export async function getNavigationData(ctx: AppContext): Promise<NavigationData> {
  const categories = await tree(ctx)
  return {
    categories: categories.roots.map((root) => ({
      ...categoryLink(root),
      image: categoryImageUrl(root.id),
      children: root.children.map(categoryLink),
    })),
  }
}

export async function getNavigationCategory(
  ctx: AppContext,
  id: number,
): Promise<Result<CategoryNode, 'not_found'>> {
  const categories = await tree(ctx)
  const category = categories.byId.get(id)
  return category ? ok(categoryNode(categories, category)) : err('not_found')
}

// --- Listings ----------------------------------------------------------------------------------

type ListingBody = Omit<CategoryListing, 'category'>

type ListingInput = { filter?: string | undefined; sort: CatalogSort; page: number }

function parsed(filter: string | undefined | readonly string[]): ParsedFilter[] {
  const list = typeof filter === 'string' ? [filter] : (filter ?? [])
  // The contract already refused malformed strings; this parse cannot fail here.
  return parseFilterQuery(list) ?? []
}

async function listing<T>(
  ctx: AppContext,
  scope: ListingScope,
  filters: ParsedFilter[],
  sort: CatalogSort,
  page: number,
  complete: (body: ListingBody, categories: CategoryTree) => T & { products: ProductTile[] },
): Promise<Shared<T & { products: ProductTile[] }>> {
  const [categories, attrs] = await Promise.all([tree(ctx), attributes(ctx)])
  const selection = resolveSelection(filters, scope.kind, attrs, categories)
  const scopeKey = scope.kind === 'category' ? `c${scope.category.id}` : `s${scope.query.tsquery}`
  const key = `${scopeKey}|${selection.normalized.join('&')}|${sort}|${page}`
  return catalogCache(ctx).get(
    'listing',
    key,
    async (db) => {
      const offset = (page - 1) * PRODUCTS_PER_PAGE
      const { rows, facets } = await listingRows(ctx, db, scope, selection, sort, offset)
      const { filters: built, total } = buildFilters(facets, scope, selection, attrs, categories)
      const body: ListingBody = {
        products: rows.map((row) => toTile(row, categories)),
        total,
        page,
        pageSize: PRODUCTS_PER_PAGE,
        pageCount: Math.ceil(total / PRODUCTS_PER_PAGE),
        sort,
        filters: built,
        selectedFilter: selection.normalized,
      }
      return share(complete(body, categories), withoutCampusPrices)
    },
    ctx,
  )
}

/**
 * One page of tiles and the facet rows: from the listing index (listing-index.ts), or from SQL
 * while the index cannot be kept exact (the cache's change listener is not confirmed yet).
 * `db` is what the cache chose for this load (the replica when current enough): the tiles, the
 * search matches and the SQL fallback read it; the index itself always follows the primary.
 */
async function listingRows(
  ctx: AppContext,
  db: Db,
  scope: ListingScope,
  selection: Selection,
  sort: CatalogSort,
  offset: number,
  limit = PRODUCTS_PER_PAGE,
): Promise<{ rows: repo.TileRow[]; facets: FacetCounts }> {
  const index = listingIndex(ctx)
  if (index) {
    const result = await index.listing(
      await indexScope(ctx, db, scope),
      selection.groups.map((g) => g.test),
      sort,
      offset,
      limit,
    )
    return { rows: await index.tiles(db, result.pageIds), facets: result.counts }
  }
  const where = and(scopePredicate(scope), selectionPredicate(selection))
  const [rows, facets] = await Promise.all([
    limit === 0
      ? Promise.resolve([])
      : repo.selectListingPage(db, where ?? scopePredicate(scope), {
          sort,
          search: scope.kind === 'search' ? scope.query : null,
          limit,
          offset,
        }),
    queryFacets(db, scope, selection),
  ])
  return { rows, facets: countsOfRows(facets) }
}

async function indexScope(ctx: AppContext, db: Db, scope: ListingScope): Promise<IndexScope> {
  if (scope.kind === 'category') return { kind: 'category', categoryIds: scope.category.subtreeIds }
  const matches = await catalogCache(ctx).get(
    'searchMatches',
    scope.query.tsquery,
    (): Promise<SearchMatches> => repo.selectSearchMatches(db, scope.query),
  )
  return { kind: 'search', matches }
}

async function filtersOnly(
  ctx: AppContext,
  scope: ListingScope,
  filters: ParsedFilter[],
): Promise<FiltersResponse> {
  const [categories, attrs] = await Promise.all([tree(ctx), attributes(ctx)])
  const selection = resolveSelection(filters, scope.kind, attrs, categories)
  const scopeKey = scope.kind === 'category' ? `c${scope.category.id}` : `s${scope.query.tsquery}`
  return catalogCache(ctx).get(
    'filters',
    `${scopeKey}|${selection.normalized.join('&')}`,
    async (db) => {
      const { facets } = await listingRows(ctx, db, scope, selection, 'relevanz', 0, 0)
      const { filters: built, total } = buildFilters(facets, scope, selection, attrs, categories)
      return { filters: built, productCount: total }
    },
    ctx,
  )
}

/** A category's node, made once per tree (the tree and its categories are rebuilt on change). */
const nodes = new WeakMap<Category, CategoryNode>()

function nodeOf(tree: CategoryTree, category: Category): CategoryNode {
  let node = nodes.get(category)
  if (!node) {
    node = categoryNode(tree, category)
    nodes.set(category, node)
  }
  return node
}

export async function getCategoryListing(
  ctx: AppContext,
  input: ListingInput & { path: string },
  viewer: Viewer,
): Promise<Result<Answer<CategoryListing>, 'not_found'>> {
  const categories = await tree(ctx)
  const category = categories.byPath.get(input.path.replace(/^\/+|\/+$/g, '').toLowerCase())
  if (!category) return err('not_found')
  const shared = await listing(
    ctx,
    { kind: 'category', category },
    parsed(input.filter),
    input.sort,
    input.page,
    (body, tree): CategoryListing => ({ ...body, category: nodeOf(tree, category) }),
  )
  return ok(answer(shared, viewer))
}

export async function getCategoryFilters(
  ctx: AppContext,
  input: { categoryId: number; selectedFilter: string[] },
): Promise<Result<FiltersResponse, 'not_found'>> {
  const category: Category | undefined = (await tree(ctx)).byId.get(input.categoryId)
  if (!category) return err('not_found')
  return ok(await filtersOnly(ctx, { kind: 'category', category }, parsed(input.selectedFilter)))
}

const EMPTY_FILTERS: FiltersResponse = { filters: [], productCount: 0 }

export async function getSearchResults(
  ctx: AppContext,
  input: ListingInput & { query: string },
  viewer: Viewer,
): Promise<Answer<SearchListing>> {
  const query = input.query.trim()
  const empty: SearchListing = {
    query,
    redirect: null,
    products: [],
    total: 0,
    page: input.page,
    pageSize: PRODUCTS_PER_PAGE,
    pageCount: 0,
    sort: input.sort,
    filters: [],
    selectedFilter: [],
  }
  const code = exactCode(query)
  if (code) {
    const product = await catalogCache(ctx).read(ctx, (db) => repo.selectByCode(db, code))
    if (product) return fresh({ ...empty, redirect: productUrl(product.slug, product.id) })
  }
  const tokens = searchTokens(query)
  if (tokens.length === 0) return fresh(empty)
  const scope: ListingScope = { kind: 'search', query: buildSearchQuery(tokens, 'last') }
  const shared = await listing(
    ctx,
    scope,
    parsed(input.filter),
    input.sort,
    input.page,
    (body): SearchListing => ({ ...body, query, redirect: null }),
  )
  // The cache is shared by queries that differ only in case or punctuation; the echoed query
  // is this visitor's own.
  const own =
    shared.full.query === query ? shared : share({ ...shared.full, query }, withoutCampusPrices)
  return answer(own, viewer)
}

export async function getSearchFilters(
  ctx: AppContext,
  input: { query: string; filter: string[] },
): Promise<FiltersResponse> {
  const tokens = searchTokens(input.query)
  if (tokens.length === 0) return EMPTY_FILTERS
  return filtersOnly(
    ctx,
    { kind: 'search', query: buildSearchQuery(tokens, 'last') },
    parsed(input.filter),
  )
}

// --- Suggestions -------------------------------------------------------------------------------

export async function getSuggestions(
  ctx: AppContext,
  query: string,
): Promise<Answer<{ suggestions: Suggestion[] }>> {
  const normalized = normalizeSearchText(query)
  if (normalized.replace(/ /g, '').length < SUGGESTION_MIN_CHARS) return fresh({ suggestions: [] })
  const tokens = searchTokens(query)
  const [categories, index] = await Promise.all([tree(ctx), suggestIndexOf(ctx).get()])
  // Keyed by the index's build too: an answer from an index a change has outdated is not kept.
  const key = `${index.generation}:${tokens.join(' ')}`
  const shared = await catalogCache(ctx).get(
    'suggestions',
    key,
    async (db) => {
      const list = await findSuggestions(db, categories, index, tokens, normalized)
      return share({ suggestions: list }, (value) => value)
    },
    ctx,
  )
  return answer(shared, GUEST)
}

/** Normalised name words of every category, per tree (the tree is rebuilt on every change). */
const categoryWords = new WeakMap<CategoryTree, { category: Category; words: string[] }[]>()

function categoryWordsOf(categories: CategoryTree) {
  let list = categoryWords.get(categories)
  if (!list) {
    list = [...categories.byId.values()].map((category) => ({
      category,
      words: normalizeSearchText(category.name).split(' '),
    }))
    categoryWords.set(categories, list)
  }
  return list
}

async function findSuggestions(
  db: Db,
  categories: CategoryTree,
  index: SuggestIndex,
  tokens: string[],
  normalized: string,
): Promise<Suggestion[]> {
  const suggestions: Suggestion[] = []
  const seen = new Set<string>()
  const add = (text: string, category: Category | undefined, image: string) => {
    const key = text.toLowerCase()
    if (seen.has(key) || suggestions.length >= SUGGESTION_LIMIT) return
    seen.add(key)
    suggestions.push({
      query: text,
      url: searchUrl(text),
      category: category ? { id: category.id, name: category.name } : null,
      image,
    })
  }
  // Categories whose name words start with every typed word ("grafikk" -> Grafikkarten).
  for (const { category, words } of categoryWordsOf(categories)) {
    if (tokens.every((token) => words.some((word) => word.startsWith(token)))) {
      const parent = category.ancestors.at(-2)
      if (suggestions.length < 2)
        add(category.name, parent ?? category, categoryImageUrl(category.id))
    }
  }
  const addHit = (hit: SuggestionHit) => {
    add(hit.text, categories.byId.get(hit.categoryId), productImageUrl(hit.id))
  }
  // Products whose words start with the typed words (in memory, suggest-index.ts).
  querySuggestIndex(index, tokens, (hit) => {
    addHit(hit)
    return suggestions.length >= SUGGESTION_LIMIT
  })
  // A typo is only worth a (slower) similarity search when there is a word to misspell.
  if (suggestions.length > 0 || !tokens.some((token) => /^[a-zß]{4,}$/.test(token))) {
    return suggestions
  }
  // Nothing starts like that: probably a typo. Similar category names, then similar names.
  const similar = categoryWordsOf(categories)
    .map(({ category, words }) => ({
      category,
      score: wordSimilarity(normalized, words.join(' ')),
    }))
    .filter((c) => c.score >= 0.3)
    .sort((a, b) => b.score - a.score)
    .slice(0, 2)
  for (const { category } of similar) {
    add(category.name, category.ancestors.at(-2) ?? category, categoryImageUrl(category.id))
  }
  for (const row of await repo.selectSuggestionsBySimilarity(db, normalized, 25))
    addHit({ id: row.id, text: suggestionText(row.name), categoryId: row.categoryId })
  return suggestions
}

// --- Products ----------------------------------------------------------------------------------

export async function getProduct(
  ctx: AppContext,
  id: number,
  viewer: Viewer,
): Promise<Result<Answer<ProductDetail>, 'not_found'>> {
  const categories = await tree(ctx)
  const detail = await catalogCache(ctx).get(
    'product',
    String(id),
    async (db) => {
      const [row, warranties, pictures] = await Promise.all([
        repo.selectProduct(db, id),
        repo.selectWarranties(db, id),
        selectShopPictures(db, id),
      ])
      // A product switched off in the back office has no page (404), like an unknown one.
      if (!row?.active) return null
      const manufacturer = row.manufacturerId
        ? await repo.selectManufacturer(db, row.manufacturerId)
        : null
      const category = categories.byId.get(row.categoryId)
      if (!category) return null
      const tile = toTile({ ...row, pictureHash: pictures[0]?.hash ?? null }, categories)
      const product: ProductDetail = {
        ...tile,
        ean: row.ean,
        description: row.description.split(/\n{2,}/),
        images:
          pictures.length > 0
            ? pictures.map((picture, i) => ({
                url: pictureUrl(picture.hash, 800, 'jpg'),
                alt: picture.alt || `${row.name}, Bild ${i + 1} von ${pictures.length}`,
              }))
            : Array.from({ length: row.imageCount }, (_, i) => ({
                url: productImageUrl(row.id, i + 1),
                alt: `${row.name}, Bild ${i + 1} von ${row.imageCount}`,
              })),
        category: categoryLink(category),
        breadcrumb: category.ancestors.map(categoryLink),
        maxQuantity: row.maxOrderQuantity,
        deliveryTime: row.deliveryTime,
        warranties,
        specs: row.specs,
        energyLabel: energyLabelOf(row),
        releasedAt: row.releasedAt,
        safety: productSafetyOf(row, manufacturer),
        disposal: { largeAppliance: row.largeAppliance, containsBattery: row.containsBattery },
      }
      return share(product, (full) => forViewer(full, GUEST))
    },
    ctx,
  )
  return detail ? ok(answer(detail, viewer)) : err('not_found')
}

function energyLabelOf(row: repo.ProductRow): EnergyLabel | null {
  if (!row.energyClass) return null
  return {
    eefImage: energyLabelImageUrl(row.id),
    scale: row.energyScale ?? '',
    pdfUrl: dataSheetUrl(row.id),
    label: row.energyClass,
    classLevel: ENERGY_CLASSES.indexOf(row.energyClass) + 1,
  }
}

export async function getEnergyLabel(
  ctx: AppContext,
  id: number,
): Promise<Result<EnergyLabel, 'not_found'>> {
  const product = await getProduct(ctx, id, GUEST)
  if (!product.ok || !product.value.body.energyLabel) return err('not_found')
  return ok(product.value.body.energyLabel)
}

/** The raw product row (for pictures and the data sheet), cached like the product page. */
export function getProductRow(ctx: AppContext, id: number): Promise<repo.ProductRow | null> {
  return catalogCache(ctx).get('product', `row${id}`, (db) => repo.selectProduct(db, id), ctx)
}

export async function getCategory(ctx: AppContext, id: number): Promise<Category | null> {
  return (await tree(ctx)).byId.get(id) ?? null
}

export async function getTopProducts(
  ctx: AppContext,
  categoryId: number | undefined,
  viewer: Viewer,
): Promise<Result<Answer<ProductList>, 'not_found'>> {
  const categories = await tree(ctx)
  let ids: number[] | null = null
  if (categoryId !== undefined) {
    const category = categories.byId.get(categoryId)
    if (!category) return err('not_found')
    ids = category.subtreeIds
  }
  const shared = await catalogCache(ctx).get(
    'top',
    String(categoryId ?? 'all'),
    async (db) => {
      const rows = await repo.selectTopTiles(db, ids, TOP_PRODUCTS)
      return share({ products: rows.map((row) => toTile(row, categories)) }, withoutCampusPrices)
    },
    ctx,
  )
  return ok(answer(shared, viewer))
}

const CAMPUS_DEALS = 24

/** The Campus deals page: best sellers in stock with a Campus price. */
export async function getCampusDeals(
  ctx: AppContext,
  viewer: Viewer,
): Promise<Answer<ProductList>> {
  const categories = await tree(ctx)
  const shared = await catalogCache(ctx).get(
    'top',
    'campus-deals',
    async (db) => {
      const rows = await repo.selectCampusDealTiles(db, CAMPUS_DEALS)
      return share({ products: rows.map((row) => toTile(row, categories)) }, withoutCampusPrices)
    },
    ctx,
  )
  return answer(shared, viewer)
}

/** Parses the last_seen cookie ("12.45.7", newest first). */
export function parseLastSeen(value: unknown): number[] {
  if (typeof value !== 'string') return []
  return [
    ...new Set(
      value
        .split('.')
        .map((part) => Number(part))
        .filter((id) => Number.isInteger(id) && id > 0 && id < 2_147_483_647),
    ),
  ].slice(0, LAST_SEEN_LIMIT)
}

export async function getLastSeen(
  ctx: AppContext,
  ids: number[],
  exclude: number | undefined,
  viewer: Viewer,
): Promise<ProductTile[]> {
  const wanted = ids.filter((id) => id !== exclude)
  const [categories, rows] = await Promise.all([
    tree(ctx),
    catalogCache(ctx).read(ctx, (db) => repo.selectTilesByIds(db, wanted)),
  ])
  const byId = new Map(rows.map((row) => [row.id, row]))
  return wanted
    .map((id) => byId.get(id))
    .filter((row): row is repo.TileRow => row !== undefined)
    .map((row) => forViewer(toTile(row, categories), viewer))
}
