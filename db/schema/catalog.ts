// Tables of the catalog slice: the category tree, filter attributes and their options, products
// with prices, stock and energy labels, and the warranties offered per product.
import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const at = () => timestamp({ withTimezone: true, mode: 'date' })

/** Postgres full-text document (written by a generated column, never by the app). */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
})

/** What a generated product or category picture shows (see server/catalog/images.ts). */
export type CatalogVisual =
  | 'notebook'
  | 'pc'
  | 'gpu'
  | 'cpu'
  | 'ram'
  | 'ssd'
  | 'mainboard'
  | 'psu'
  | 'case'
  | 'monitor'
  | 'phone'
  | 'tablet'
  | 'tv'
  | 'headphones'
  | 'speaker'
  | 'mouse'
  | 'keyboard'
  | 'headset'
  | 'webcam'
  | 'components'
  | 'accessories'
  | 'audio'

/**
 * The category tree. `path` is the slug path from the root ("pc-komponenten/grafikkarten"), unique,
 * and the page lives at /kategorie/{path}. Products hang on leaf categories; a parent lists the
 * products of its whole subtree.
 */
export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    parentId: integer().references((): AnyPgColumn => categories.id),
    slug: text().notNull(),
    path: text().notNull(),
    name: text().notNull(),
    /** Meta description and intro text of the category page. */
    description: text().notNull(),
    visual: text().$type<CatalogVisual>().notNull(),
    position: smallint().notNull().default(0),
  },
  (t) => [
    uniqueIndex('categories_path_unique').on(t.path),
    uniqueIndex('categories_parent_slug_unique').on(t.parentId, t.slug),
    index('categories_parent_idx').on(t.parentId),
  ],
)

export type FilterType = 'checkbox' | 'radio'
export type OptionType = 'text' | 'color'

/**
 * Typed attributes products are filtered by (Hersteller, Grafikkarte, Displaygröße, RAM, Farbe, ...).
 * `key` is the URL parameter (?hersteller=asus,msi). Derived filters (price, availability,
 * discount, energy class, category) are computed from product columns and have no row here.
 */
export const filterAttributes = pgTable('filter_attributes', {
  id: serial().primaryKey(),
  key: text().notNull().unique(),
  name: text().notNull(),
  filterType: text().$type<FilterType>().notNull().default('checkbox'),
  optionType: text().$type<OptionType>().notNull().default('text'),
  /** Shown after option texts in the technical data ("GB", "Zoll"); optional. */
  postfix: text(),
  position: smallint().notNull().default(0),
})

/** One value of an attribute: `value` is its URL slug, `hex` the swatch of colour options. */
export const filterOptions = pgTable(
  'filter_options',
  {
    id: serial().primaryKey(),
    attributeId: integer()
      .notNull()
      .references(() => filterAttributes.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    text: text().notNull(),
    hex: text(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('filter_options_attribute_value_unique').on(t.attributeId, t.value)],
)

/**
 * The filter attributes a category offers on its page, in this order (issue 21). A category
 * without rows inherits its nearest ancestor's list; with no list anywhere every attribute is
 * offered in its own order (the behaviour before per-category lists).
 */
export const categoryFilters = pgTable(
  'category_filters',
  {
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    attributeId: integer()
      .notNull()
      .references(() => filterAttributes.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.attributeId] })],
)

/**
 * Former addresses of categories that were moved in the tree (issue 21): /kategorie/{oldPath}
 * answers a permanent redirect to the category's current address. The row names the category,
 * not a path, so a category moved twice redirects in one hop; a live category at the same path
 * wins over the row (and moving or creating one there deletes it).
 */
export const categoryRedirects = pgTable(
  'category_redirects',
  {
    oldPath: text().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('category_redirects_category_idx').on(t.categoryId)],
)

/**
 * An economic operator's contact for product safety (GPSR (EU) 2023/988 Art. 19 b and c): name,
 * postal address and electronic address (e-mail or contact form). `countryCode` ISO 3166-1 alpha-2.
 */
const operatorColumns = () => ({
  name: text().notNull(),
  street: text().notNull(),
  zipCode: text().notNull(),
  city: text().notNull(),
  countryCode: text().notNull(),
  /** E-mail address or the URL of a contact form. */
  electronicAddress: text().notNull(),
})

/**
 * The person responsible in the EU (GPSR Art. 16, Art. 4 Regulation (EU) 2019/1020) for products
 * of a manufacturer established outside the Union, usually its EU subsidiary or importer.
 */
export const euResponsiblePersons = pgTable('eu_responsible_persons', {
  id: serial().primaryKey(),
  ...operatorColumns(),
})

/**
 * Manufacturers with their product-safety contact; `brand` is the products' brand text. A
 * manufacturer outside the EU has a responsible person (`responsiblePersonId`).
 */
export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    ...operatorColumns(),
    responsiblePersonId: integer().references(() => euResponsiblePersons.id),
  },
  (t) => [uniqueIndex('manufacturers_brand_unique').on(t.brand)],
)

export type EnergyClass = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G'

/** One line of the technical data table on the product page. */
export type ProductSpec = { group: string; name: string; value: string }

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    articleNumber: text().notNull(),
    ean: text().notNull(),
    /** URL slug; the page lives at /artikel/{slug}-{id}. */
    slug: text().notNull(),
    name: text().notNull(),
    brand: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    /** One line of key features for tiles (cut at 80 characters on screen). */
    teaser: text().notNull(),
    /** Paragraphs separated by blank lines. */
    description: text().notNull(),
    visual: text().$type<CatalogVisual>().notNull(),
    /**
     * The model line ("Samsung Q80D", "Lenovo Legion 5i"): the generated drawing's shape comes
     * from it, so variants of one line look alike and two lines differ; empty: brand and name.
     */
    modelLine: text().notNull().default(''),
    /** Main colour of the generated pictures. */
    colorHex: text().notNull(),
    imageCount: smallint().notNull().default(1),
    priceCents: integer().notNull(),
    /**
     * The merchant's announcement of a reduction (back office "Streichpreis"). Shoppers never see
     * this amount: set, it only says "announce a reduction"; the price shown struck through is
     * `referencePriceCents` (§ 11 PAngV, docs/decisions.md "30-day price").
     */
    strikeThroughPriceCents: integer(),
    /**
     * The comparison price shoppers see struck through: the lowest price of the 30 days before the
     * current price took effect (§ 11 PAngV), set only while a reduction is announced and the price
     * is below it; null: no comparison price, no badge. Written with every price change by
     * catalog's `recordPriceChange` through the SQL function `catalog_reference_price`.
     */
    referencePriceCents: integer(),
    recommendedRetailPriceCents: integer(),
    /**
     * Saving against the reference price (§ 11 PAngV, EuGH C-330/23), whole percent; follows
     * every price change.
     */
    discountPercent: smallint().generatedAlwaysAs(
      sql`case when "reference_price_cents" > "price_cents" then floor(("reference_price_cents" - "price_cents") * 100.0 / "reference_price_cents")::smallint else 0 end`,
    ),
    /** Price for Campus members (students, pupils, trainees, teachers); null: none. */
    campusPriceCents: integer(),
    stock: integer().notNull().default(0),
    /** Off: the product disappears from the shop (listings, search, page 404); staff switch it. */
    active: boolean().notNull().default(true),
    /**
     * When an admin retired the product (no longer sold, kept for orders, history and audit; it
     * is never deleted); null: in the assortment. A retired product is inactive; switching it
     * active again clears this.
     */
    retiredAt: at(),
    /** Manufacturer part number (spec „Herstellernummer“, GPSR type identifier). */
    manufacturerPartNumber: text(),
    /** Delivery time the product page shows while in stock ("3–5 Werktage"); null: the standard. */
    deliveryTime: text(),
    /**
     * Optimistic concurrency of the back office's editor: every edit names the version it started
     * from and bumps it; a stale edit is refused (409). Stock moves by orders leave it alone.
     */
    version: integer().notNull().default(1),
    maxOrderQuantity: smallint().notNull().default(10),
    energyClass: text().$type<EnergyClass>(),
    /** Scale of the energy label, e.g. "A - G"; empty or null counts as "A - G". */
    energyScale: text(),
    /** On-mode energy consumption in kWh per 1000 h (displays) for label and data sheet. */
    energyKwh: smallint(),
    /** EPREL registration number of the energy label's model (EU product database); null: none. */
    eprelNumber: text(),
    /** Option ids of every filter attribute the product carries (GIN-indexed for facets). */
    optionIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    specs: jsonb().$type<ProductSpec[]>().notNull().default([]),
    /** The manufacturer for product safety (GPSR Art. 19); null: not yet recorded. */
    manufacturerId: integer().references(() => manufacturers.id),
    /** Warnings and safety information in German (GPSR Art. 19 d), one entry a note. */
    safetyWarnings: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * ElektroG categories 1, 2 or 4 (screen above 100 cm² or an edge above 50 cm): the old device
     * is picked up free at the delivery address, and the checkout asks for it (§ 17 (1), (2)).
     */
    largeAppliance: boolean().notNull().default(false),
    /** Contains a battery or accumulator (battery notes, BattG / Regulation (EU) 2023/1542). */
    containsBattery: boolean().notNull().default(false),
    soldCount: integer().notNull().default(0),
    /**
     * Average of the published reviews times 100 (e.g. 450 = 4,5 stars) and their count; written
     * only by catalog's `setProductRating`, called by the reviews slice at every (un)publication.
     */
    ratingAvgX100: smallint(),
    ratingCount: integer().notNull().default(0),
    releasedAt: date({ mode: 'string' }).notNull(),
    /** Normalised name, brand and model numbers (see server/catalog/search-text.ts). */
    searchName: text().notNull(),
    /** Normalised category names, attribute values and teaser. */
    searchExtra: text().notNull(),
    /** Normalised description. */
    searchDescription: text().notNull(),
    /** Weights: name A, categories and attributes B, description D (ranking follows them). */
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('german', "search_name"), 'A') || setweight(to_tsvector('german', "search_extra"), 'B') || setweight(to_tsvector('german', "search_description"), 'D')`,
    ),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_article_number_unique').on(t.articleNumber),
    uniqueIndex('products_ean_unique').on(t.ean),
    index('products_category_idx').on(t.categoryId, t.soldCount.desc()),
    index('products_option_ids_idx').using('gin', t.optionIds),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('products_sold_idx').on(t.soldCount.desc()),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_max_quantity_positive', sql`${t.maxOrderQuantity} > 0`),
    check('products_energy_class', sql`${t.energyClass} in ('A','B','C','D','E','F','G')`),
  ],
)

export type PriceSource = 'seed' | 'backoffice' | 'import' | 'migration'

/**
 * Every price a product had, from when it applied (a row lasts until the product's next row), and
 * whether a reduction was announced with it (strike-through set). Written only by catalog's
 * `recordPriceChange`, in the transaction of the price change; the newest row is the current
 * price. The 30-day reference price (§ 11 PAngV) is read from it.
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: integer().notNull(),
    /** A reduction was announced (strike-through set) while this price applied. */
    announced: boolean().notNull(),
    validFrom: at().notNull(),
    source: text().$type<PriceSource>().notNull(),
  },
  (t) => [
    index('product_price_history_product_idx').on(t.productId, t.validFrom, t.id),
    check('product_price_history_price_positive', sql`${t.priceCents} > 0`),
    check(
      'product_price_history_source',
      sql`${t.source} in ('seed','backoffice','import','migration')`,
    ),
  ],
)

/** Warranty extensions offered for a product (chosen on the product page and in the cart). */
export const productWarranties = pgTable(
  'product_warranties',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    months: smallint().notNull(),
    priceCents: integer().notNull(),
    position: smallint().notNull().default(0),
  },
  (t) => [index('product_warranties_product_idx').on(t.productId)],
)

/** One cell of an import file as read (CSV: text; JSON: text, number, boolean or null). */
export type CatalogImportCell = string | number | boolean | null

/** One product row of an import file, by column name. */
export type CatalogImportRecord = {
  line: number
  values: Record<string, CatalogImportCell>
  /** The line of an earlier row of the file naming the same article number or EAN. */
  duplicateOf?: number
}

/** One line of the per-row error report. */
export type CatalogImportErrorLine = {
  line: number
  articleNumber: string | null
  ean: string | null
  column: string
  message: string
}

/**
 * A bulk import (issue 21): the file's rows as read (so the run works on exactly what the dry run
 * showed), its detected format, and the run's progress, counts and per-row errors. The back
 * office runs it in chunks; `processed` is the next row to apply.
 */
export const catalogImports = pgTable('catalog_imports', {
  id: serial().primaryKey(),
  createdAt: at().notNull(),
  /** The member of staff who uploaded it (back office's staff id; no foreign key across slices). */
  staffId: integer(),
  fileName: text().notNull(),
  format: text().$type<'csv' | 'json'>().notNull(),
  encoding: text().notNull(),
  delimiter: text(),
  columns: text().array().notNull(),
  records: jsonb().$type<CatalogImportRecord[]>().notNull(),
  mode: text().$type<'skip_bad_rows' | 'refuse_file'>(),
  status: text().$type<'checked' | 'running' | 'done' | 'refused'>().notNull(),
  total: integer().notNull(),
  processed: integer().notNull().default(0),
  counts: jsonb()
    .$type<{ create: number; update: number; unchanged: number; error: number }>()
    .notNull(),
  errors: jsonb().$type<CatalogImportErrorLine[]>().notNull().default([]),
  finishedAt: at(),
  /**
   * A ZIP import's pictures (issue 21): every file of the archive a `bilder` cell names, by its
   * name, with the content hash of the checked picture or the code it was refused with. Null: a
   * plain CSV or JSON file.
   */
  pictures: jsonb().$type<Record<string, CatalogImportPictureFile>>(),
})
/** A named file of a ZIP import: checked (hash) or refused (message code). */
export type CatalogImportPictureFile = { hash: string } | { problem: string }

/** Binary column (picture originals and variants). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * The checked pictures of a ZIP import (issue 21), held from the dry run to the run: the original
 * and the editor's thumbnail, once per content hash. Removed with the import.
 */
export const catalogImportPictures = pgTable(
  'catalog_import_pictures',
  {
    importId: integer()
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    contentHash: text().notNull(),
    mime: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    original: bytea().notNull(),
    thumbnail: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.contentHash] })],
)

/**
 * Uploaded product pictures (issue 21), in the shop's order. The original lives in Postgres so
 * that every shop process on the database serves the same pictures; the public address names the
 * SHA-256 of the original, so a changed picture is a new address. A product without rows shows
 * the generated drawings (server/catalog/images.ts).
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 0, 1, 2, … without gaps; 0 is the product's main picture. */
    position: smallint().notNull(),
    /** Empty: the shop writes "{name}, Bild n von m". */
    altText: text().notNull().default(''),
    /** SHA-256 of the original, hex. */
    contentHash: text().notNull(),
    mime: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    original: bytea().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    uniqueIndex('product_images_product_hash_idx').on(t.productId, t.contentHash),
    index('product_images_hash_idx').on(t.contentHash),
    check('product_images_mime_check', sql`${t.mime} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
)

/**
 * Resized variants, made on the first request and kept: the table is the cache every process
 * shares (bounded: 4 widths x 3 formats per original; removed with the last picture of a hash).
 */
export const productImageVariants = pgTable(
  'product_image_variants',
  {
    contentHash: text().notNull(),
    width: smallint().notNull(),
    format: text().$type<'avif' | 'webp' | 'jpg'>().notNull(),
    bytes: bytea().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentHash, t.width, t.format] })],
)

/**
 * The text form both the search columns and search input go through, so that model numbers
 * match however they are typed: lower case, accents folded (ä -> a, the German stemmer does the
 * same), every non-alphanumeric character a space, and letters split from digits ("RTX-4070",
 * "rtx4070" and "RTX 4070" all become "rtx 4070").
 */
export function normalizeSearchText(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9ß]+/g, ' ')
    .replace(/([a-zß])(?=\d)|(\d)(?=[a-zß])/g, '$1$2 ')
    .replace(/\s+/g, ' ')
    .trim()
}
