// Demo catalog: the category tree, filter attributes and `count` products with prices, stock,
// energy labels and warranties. Deterministic: the same count gives the same catalog, and each
// leaf category draws from its own seeded generator (a bigger count only appends products).
import type { DbOrTx } from '../client.ts'
import {
  type CatalogVisual,
  categories,
  type EnergyClass,
  euResponsiblePersons,
  filterAttributes,
  filterOptions,
  manufacturers,
  normalizeSearchText,
  type ProductSpec,
  products,
  productWarranties,
} from '../schema/catalog.ts'
import {
  ATTRIBUTES,
  type AttributeKey,
  CATEGORY_TREE,
  type CategorySeed,
  COLOR_FAMILIES,
  type GeneratedProduct,
  LEAF_GENERATORS,
  RESERVED_SLUGS,
} from './catalog-data.ts'
import { seedPriceHistory } from './catalog-prices.ts'
import { createRng, hashString, type Rng } from './catalog-random.ts'
import { MANUFACTURER_SEEDS, safetyFactsOf } from './catalog-safety.ts'

const BATCH = 500

/** "ASUS ROG Strix G16, 16\" ..." -> "asus-rog-strix-g16-16" (at most ~80 characters). */
export function slugify(value: string): string {
  const slug = value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/"/g, '-zoll-')
    .replace(/\+/g, '-plus-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= 80) return slug
  return slug.slice(0, 80).replace(/-[^-]*$/, '')
}

/** EAN-13 with its check digit. */
export function ean13(body12: string): string {
  const sum = [...body12].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0)
  return `${body12}${(10 - (sum % 10)) % 10}`
}

/** Whole euros with a shop-like ending: 549,00 / 549,90 / 548,99. */
function shopPrice(rng: Rng, euros: number): number {
  const whole = Math.max(4, Math.round(euros))
  const ending = rng.weighted([
    [0, 3],
    [90, 2],
    [99, 3],
  ] as const)
  return ending === 99 ? (whole - 1) * 100 + 99 : whole * 100 + ending
}

/** Splits `total` over the leaves by weight (largest remainder), every leaf at least one. */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((w) => (total * w) / sum)
  const counts = exact.map((x) => Math.max(1, Math.floor(x)))
  let left = total - counts.reduce((a, b) => a + b, 0)
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) {
    const item = order[k]
    if (item) counts[item.i] = (counts[item.i] ?? 0) + 1
  }
  return counts
}

export type CategoryRow = { id: number; path: string; names: string[]; visual: string }

async function insertCategories(db: DbOrTx): Promise<Map<string, CategoryRow>> {
  const byPath = new Map<string, CategoryRow>()
  let level: { seed: CategorySeed; parent: CategoryRow | null; position: number }[] =
    CATEGORY_TREE.map((seed, position) => ({ seed, parent: null, position }))
  while (level.length > 0) {
    for (const { seed, parent } of level) {
      if (!parent && RESERVED_SLUGS.includes(seed.slug))
        throw new Error(`category slug ${seed.slug} is a page of the shop`)
    }
    const rows = await db
      .insert(categories)
      .values(
        level.map(({ seed, parent, position }) => ({
          parentId: parent?.id ?? null,
          slug: seed.slug,
          path: parent ? `${parent.path}/${seed.slug}` : seed.slug,
          name: seed.name,
          description: seed.description,
          visual: seed.visual,
          position,
        })),
      )
      .returning({ id: categories.id, path: categories.path })
    const next: typeof level = []
    level.forEach(({ seed, parent }, i) => {
      const row = rows[i]
      if (!row) throw new Error('category insert returned fewer rows')
      const category = {
        id: row.id,
        path: row.path,
        names: [...(parent?.names ?? []), seed.name],
        visual: seed.visual,
      }
      byPath.set(row.path, category)
      seed.children?.forEach((child, position) => {
        next.push({ seed: child, parent: category, position })
      })
    })
    level = next
  }
  return byPath
}

/** One generated product before it meets the database. */
export type CatalogDraft = {
  /** Leaf category path. */
  path: string
  generated: GeneratedProduct
  /** The product's name: the generated one, unique in the catalog. */
  name: string
  visual: CatalogVisual
  rng: Rng
}

/** Draws per product before a leaf counts as exhausted (its distinct products all used). */
const DISTINCT_TRIES = 200

function visualsByPath(): Map<string, CatalogVisual> {
  const byPath = new Map<string, CatalogVisual>()
  const walk = (seeds: CategorySeed[], prefix: string) => {
    for (const seed of seeds) {
      const path = prefix ? `${prefix}/${seed.slug}` : seed.slug
      byPath.set(path, seed.visual)
      if (seed.children) walk(seed.children, path)
    }
  }
  walk(CATEGORY_TREE, '')
  return byPath
}

/**
 * The demo catalog's `count` products (pure, deterministic; a bigger count only appends). Each
 * leaf draws until it finds a product it has not yet made, so the default catalog holds no two
 * products with the same name; a leaf whose real products are all used (benchmark catalogs of
 * 10,000+) repeats them with the manufacturer part number in the name, which keeps names unique.
 */
export function generateCatalog(count: number): CatalogDraft[] {
  const counts = allocate(
    count,
    LEAF_GENERATORS.map((leaf) => leaf.weight),
  )
  const visuals = visualsByPath()
  const drafts: CatalogDraft[] = []
  const names = new Set<string>()
  const mpns = new Set<string>()
  LEAF_GENERATORS.forEach((leaf, leafIndex) => {
    const visual = visuals.get(leaf.path)
    if (!visual) throw new Error(`unknown leaf category ${leaf.path}`)
    const rng = createRng(hashString(leaf.path))
    let exhausted = false
    for (let k = 0; k < (counts[leafIndex] ?? 0); k += 1) {
      let generated = leaf.generate(rng)
      for (let tries = 1; !exhausted && names.has(generated.name); tries += 1) {
        if (tries >= DISTINCT_TRIES) exhausted = true
        else generated = leaf.generate(rng)
      }
      let name = generated.name
      if (names.has(name)) {
        while (mpns.has(generated.mpn)) generated = { ...generated, mpn: `${generated.mpn}-${k}` }
        name = `${generated.name} (${generated.mpn})`
      }
      names.add(name)
      mpns.add(generated.mpn)
      drafts.push({ path: leaf.path, generated, name, visual, rng })
    }
  })
  return drafts
}

function description(gen: GeneratedProduct): string {
  const [first, second, ...rest] = gen.facts
  const paragraphs = [
    [first, second].filter(Boolean).join(' '),
    rest.join(' '),
    `Lieferumfang: ${gen.name.split(',')[0]}, Kurzanleitung, Garantiekarte. Bei Fragen hilft dir unser Kundenservice gerne weiter.`,
  ].filter((p) => p.length > 0)
  return paragraphs.join('\n\n')
}

const ENERGY_SCALE = 'A - G'

function warrantyPrice(priceCents: number, share: number): number {
  return Math.max(9, Math.round((priceCents * share) / 100 / 5) * 5) * 100 - 1
}

/** Manufacturers and EU responsible persons (GPSR); returns the manufacturer id per brand. */
async function insertManufacturers(db: DbOrTx): Promise<Map<string, number>> {
  const responsibleIds = new Map<string, number>()
  for (const { responsible } of MANUFACTURER_SEEDS) {
    if (!responsible || responsibleIds.has(responsible.name)) continue
    const [row] = await db
      .insert(euResponsiblePersons)
      .values(responsible)
      .returning({ id: euResponsiblePersons.id })
    if (row) responsibleIds.set(responsible.name, row.id)
  }
  const rows = await db
    .insert(manufacturers)
    .values(
      MANUFACTURER_SEEDS.map(({ responsible, ...manufacturer }) => ({
        ...manufacturer,
        responsiblePersonId: responsible ? (responsibleIds.get(responsible.name) ?? null) : null,
      })),
    )
    .returning({ id: manufacturers.id, brand: manufacturers.brand })
  return new Map(rows.map((row) => [row.brand, row.id]))
}

/** Category names from the root, by leaf path (search text of the demo products). */
function namesByPath(): Map<string, string[]> {
  const byPath = new Map<string, string[]>()
  const walk = (seeds: CategorySeed[], prefix: string, names: string[]) => {
    for (const seed of seeds) {
      const path = prefix ? `${prefix}/${seed.slug}` : seed.slug
      byPath.set(path, [...names, seed.name])
      if (seed.children) walk(seed.children, path, [...names, seed.name])
    }
  }
  walk(CATEGORY_TREE, '', [])
  return byPath
}

/** A warranty offered with a demo product. */
export type DemoWarranty = { name: string; months: number; priceCents: number }

/**
 * One demo product with everything the shop stores about it, before it meets the database
 * (references by path, brand and attribute text; no ids). Pure: the demo data file
 * (scripts/demo-catalog.ts) and the benchmark's code path are both made from it.
 */
export type DemoProduct = Omit<
  typeof products.$inferInsert,
  'categoryId' | 'manufacturerId' | 'optionIds' | 'id'
> & {
  articleNumber: string
  name: string
  brand: string
  priceCents: number
  strikeThroughPriceCents: number | null
  path: string
  categoryNames: string[]
  /** Filter attribute values by key, the brand's ("hersteller") first. */
  attributes: Partial<Record<AttributeKey, string>>
  warranties: DemoWarranty[]
}

/** The demo catalog's `count` products, complete (pure, deterministic). */
export function demoProducts(count: number): DemoProduct[] {
  const names = namesByPath()
  return generateCatalog(count).map(({ generated: gen, name, path, visual, rng }, index) => {
    const categoryNames = names.get(path) ?? []
    const priceCents = shopPrice(rng, gen.priceEur)
    const hasStrike = rng.chance(0.25)
    const strikeThroughPriceCents = hasStrike
      ? Math.round((priceCents * (1.08 + rng.int(0, 27) / 100)) / 100) * 100 - 1
      : null
    const recommendedRetailPriceCents = rng.chance(0.55)
      ? Math.round(
          (Math.max(priceCents, strikeThroughPriceCents ?? 0) * (1.04 + rng.int(0, 26) / 100)) /
            100,
        ) * 100
      : null
    const campusPriceCents =
      rng.chance(gen.campus ? 0.5 : 0.08) && priceCents > 5000
        ? Math.round((priceCents * (0.88 + rng.int(0, 7) / 100)) / 100) * 100 - 1
        : null
    const stockRoll = rng.next()
    const stock = stockRoll < 0.1 ? 0 : stockRoll < 0.22 ? rng.int(1, 4) : rng.int(5, 250)
    const maxOrderQuantity = Math.min(gen.maxQuantity ?? 10, priceCents > 200000 ? 2 : 10)
    const energy = gen.energy
    const energyClass: EnergyClass | null = energy?.energyClass ?? null
    const attributes: Partial<Record<AttributeKey, string>> = {
      hersteller: gen.brand,
      ...gen.attributes,
    }
    const specs: ProductSpec[] = [
      { group: 'Allgemein', name: 'Hersteller', value: gen.brand },
      { group: 'Allgemein', name: 'Herstellernummer', value: gen.mpn },
      ...gen.specs,
      ...(energyClass
        ? [
            {
              group: 'Energie',
              name: 'Energieeffizienzklasse',
              value: `${energyClass} (Skala A bis G)`,
            },
            ...(energy && energy.kwh > 0
              ? [
                  {
                    group: 'Energie',
                    name: 'Energieverbrauch SDR',
                    value: `${energy.kwh} kWh/1000 h`,
                  },
                ]
              : []),
          ]
        : []),
      {
        group: 'Garantie',
        name: 'Herstellergarantie',
        value: rng.chance(0.3) ? '36 Monate' : '24 Monate',
      },
    ]
    const articleNumber = String(1_000_000 + ((index * 7919 + 4711) % 8_999_999))
    const day = rng.int(0, 1030)
    const released = new Date(Date.UTC(2023, 0, 1) + day * 86_400_000)
    const text = description(gen)
    const safety = safetyFactsOf(visual as CatalogVisual, name, path)
    const imageCount = rng.int(3, 4)
    const soldCount = Math.floor(Math.exp(rng.next() * 8)) - 1
    const warrantyKind =
      priceCents < 5000
        ? 'none'
        : ['notebook', 'phone', 'tablet', 'tv'].includes(visual)
          ? 'device'
          : 'basic'
    const warranties: DemoWarranty[] =
      warrantyKind === 'none'
        ? []
        : [
            {
              name: '2 Jahre Garantieverlängerung',
              months: 24,
              priceCents: warrantyPrice(priceCents, 0.08),
            },
            {
              name: '3 Jahre Garantieverlängerung',
              months: 36,
              priceCents: warrantyPrice(priceCents, 0.12),
            },
            ...(warrantyKind === 'device'
              ? [
                  {
                    name: 'Geräteschutz inkl. Diebstahl, 2 Jahre',
                    months: 24,
                    priceCents: warrantyPrice(priceCents, 0.15),
                  },
                ]
              : []),
          ]
    return {
      path,
      categoryNames,
      attributes,
      warranties,
      articleNumber,
      ean: ean13(`40${String(1_000_000_000 + index * 37).padStart(10, '0')}`),
      slug: slugify(name),
      name,
      brand: gen.brand,
      teaser: gen.teaser,
      description: text,
      visual: visual as typeof products.$inferInsert.visual,
      modelLine: gen.line,
      colorHex: gen.color.hex,
      imageCount,
      priceCents,
      strikeThroughPriceCents,
      recommendedRetailPriceCents,
      campusPriceCents,
      stock,
      maxOrderQuantity,
      energyClass,
      energyScale: energyClass ? ENERGY_SCALE : null,
      energyKwh: energy && energy.kwh > 0 ? energy.kwh : null,
      // A registration number of the EU's EPREL database (made up, stable per article number).
      eprelNumber: energyClass
        ? String(100_000 + (hashString(`eprel-${articleNumber}`) % 1_900_000))
        : null,
      specs,
      safetyWarnings: safety.warnings,
      largeAppliance: safety.largeAppliance,
      containsBattery: safety.containsBattery,
      soldCount,
      manufacturerPartNumber: gen.mpn,
      releasedAt: released.toISOString().slice(0, 10),
      searchName: normalizeSearchText(`${name} ${gen.brand} ${gen.mpn}`),
      searchExtra: normalizeSearchText(
        [...categoryNames, ...Object.values(attributes), gen.teaser].join(' '),
      ),
      searchDescription: normalizeSearchText(text),
    }
  })
}

/** The demo catalog's structure: categories, manufacturers, filter attributes. */
export type CatalogFrame = {
  categoryByPath: Map<string, CategoryRow>
  manufacturerIds: Map<string, number>
  /** Option id by `key\u0000text`. */
  optionId: Map<string, number>
}

/**
 * Seeds the category tree, manufacturers, and the filter attributes with the values `values`
 * names (per attribute key, the brand's under "hersteller"), each attribute's values sorted.
 */
export async function seedCatalogFrame(
  db: DbOrTx,
  values: Iterable<Partial<Record<AttributeKey, string>>>,
): Promise<CatalogFrame> {
  const categoryByPath = await insertCategories(db)
  const manufacturerIds = await insertManufacturers(db)
  const optionTexts = new Map<AttributeKey, Set<string>>()
  for (const attributes of values) {
    for (const [key, text] of Object.entries(attributes) as [AttributeKey, string][]) {
      if (!text) continue
      let set = optionTexts.get(key)
      if (!set) {
        set = new Set()
        optionTexts.set(key, set)
      }
      set.add(text)
    }
  }
  const keys = Object.keys(ATTRIBUTES) as AttributeKey[]
  const attributeRows = await db
    .insert(filterAttributes)
    .values(
      keys.map((key, position) => ({
        key,
        name: ATTRIBUTES[key].name,
        filterType: ATTRIBUTES[key].filterType ?? ('checkbox' as const),
        optionType: ATTRIBUTES[key].optionType ?? ('text' as const),
        position,
      })),
    )
    .returning({ id: filterAttributes.id, key: filterAttributes.key })
  const optionId = new Map<string, number>()
  const optionValues = attributeRows.flatMap(({ id, key }) => {
    const texts = [...(optionTexts.get(key as AttributeKey) ?? [])].sort((a, b) =>
      a.localeCompare(b, 'de', { numeric: true, sensitivity: 'base' }),
    )
    const used = new Set<string>()
    return texts.map((text, position) => {
      let value = slugify(text) || 'option'
      while (used.has(value)) value = `${value}-${position}`
      used.add(value)
      const hex =
        key === 'farbe' ? (COLOR_FAMILIES[text as keyof typeof COLOR_FAMILIES] ?? null) : null
      return { attributeId: id, key, value, text, hex, position }
    })
  })
  for (let i = 0; i < optionValues.length; i += BATCH) {
    const chunk = optionValues.slice(i, i + BATCH)
    const rows = await db
      .insert(filterOptions)
      .values(chunk.map(({ key: _key, ...row }) => row))
      .returning({ id: filterOptions.id })
    chunk.forEach((option, j) => {
      const row = rows[j]
      if (row) optionId.set(`${option.key}\u0000${option.text}`, row.id)
    })
  }
  return { categoryByPath, manufacturerIds, optionId }
}

/**
 * Seeds categories, attributes and `count` products in code (the benchmark's catalogs of 10,000+;
 * the default catalog comes from the data file through the importer, see demo-catalog.ts).
 */
export async function seedCatalog(db: DbOrTx, count: number): Promise<void> {
  const demo = demoProducts(count)
  const { categoryByPath, manufacturerIds, optionId } = await seedCatalogFrame(
    db,
    demo.map((product) => product.attributes),
  )
  const rows = demo.map(({ path, categoryNames: _names, attributes, warranties, ...product }) => {
    const category = categoryByPath.get(path)
    if (!category) throw new Error(`unknown leaf category ${path}`)
    const manufacturerId = manufacturerIds.get(product.brand)
    if (manufacturerId === undefined) throw new Error(`no manufacturer for brand ${product.brand}`)
    const optionIds = (Object.entries(attributes) as [AttributeKey, string][])
      .map(([key, text]) => optionId.get(`${key}\u0000${text}`))
      .filter((id): id is number => id !== undefined)
      .sort((a, b) => a - b)
    return { ...product, categoryId: category.id, manufacturerId, optionIds, warranties }
  })
  const seededAt = new Date()
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH)
    const inserted = await db
      .insert(products)
      .values(chunk.map(({ warranties: _w, ...row }) => row))
      .returning({ id: products.id, articleNumber: products.articleNumber })
    const idByArticle = new Map(inserted.map((row) => [row.articleNumber, row.id]))
    await seedPriceHistory(
      db,
      chunk.flatMap((row) => {
        const id = idByArticle.get(row.articleNumber)
        return id ? [{ ...row, id }] : []
      }),
      seededAt,
    )
    const warranties = chunk.flatMap((row) => {
      const productId = idByArticle.get(row.articleNumber)
      if (!productId) return []
      return row.warranties.map((warranty, position) => ({ productId, ...warranty, position }))
    })
    if (warranties.length > 0) await db.insert(productWarranties).values(warranties)
  }
}
