// Product management in the back office (issue 21): the whole product as the editor shows it, the
// body that creates or edits it (the same schema checks the browser's form and the server), and
// the choices the editor offers (leaf categories, manufacturers, filter attributes with values).
import { z } from 'zod'
import { ArticleNumberSchema, EanSchema, INT4_MAX, int, text } from './fields.ts'
import { m } from './messages.de.ts'

const Cents = int(1, 100_000_000)
const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const
export const EnergyClassSchema = z.enum(ENERGY_CLASSES, {
  errorMap: () => ({ message: m('backoffice_energy_class_invalid') }),
})

/** EPREL registration number (the EU product database's number of the energy label's model). */
export const EprelNumberSchema = z.string().regex(/^[1-9]\d{0,9}$/, m('backoffice_eprel_invalid'))

/** One line of the technical data table (group, name, value), in the order shown. */
export const ProductSpecLineSchema = z.object({
  group: text(1, 60),
  name: text(1, 100),
  value: text(1, 500),
})

/**
 * Technical data lines the editor derives from its fields (manufacturer, part number, energy label)
 * besides the filter attributes' lines (named like the attribute): the editor shows them, the
 * server writes them. Every other line is the merchant's own.
 */
export const DERIVED_SPEC_NAMES = [
  'Hersteller',
  'Herstellernummer',
  'Energieeffizienzklasse',
  'Energieverbrauch SDR',
] as const

/** Whether a technical data line is derived from the editor's fields (see DERIVED_SPEC_NAMES). */
export function isDerivedSpec(name: string, attributeNames: ReadonlySet<string>): boolean {
  return (DERIVED_SPEC_NAMES as readonly string[]).includes(name) || attributeNames.has(name)
}

/** An optional text: empty (after trimming) or null is null. */
function optionalText(max: number) {
  return text(0, max, { required: false })
    .transform((value) => value || null)
    .nullable()
}

/** One filter attribute's value: an existing option, or (text attributes) a new value's text. */
export const ProductAttributeValueSchema = z
  .object({
    attributeId: int(1, INT4_MAX),
    optionId: int(1, INT4_MAX).nullable(),
    newText: optionalText(60),
  })
  .refine((value) => value.optionId !== null || value.newText !== null, {
    message: m('required'),
    path: ['optionId'],
  })

export const ProductWarrantyInputSchema = z.object({
  /** Set for an existing warranty (kept with its id, so carts keep the choice). */
  id: int(1, INT4_MAX).nullable(),
  name: text(3, 80),
  months: int(1, 120),
  priceCents: Cents,
})

const productFields = {
  name: text(3, 200),
  manufacturerId: int(1, INT4_MAX, m('required')),
  articleNumber: ArticleNumberSchema,
  ean: EanSchema,
  manufacturerPartNumber: text(1, 60),
  categoryId: int(1, INT4_MAX, m('required')),
  /** One line of key features for tiles. */
  teaser: text(3, 160),
  /** Paragraphs separated by blank lines. */
  description: text(10, 20_000),
  priceCents: Cents,
  /** Set: a reduction is announced (§ 11 PAngV decides the comparison price the shop shows). */
  strikeThroughPriceCents: Cents.nullable(),
  campusPriceCents: Cents.nullable(),
  /** Absent on an edit: the stock stays as it is (orders may have moved it meanwhile). */
  stock: int(0, 1_000_000).optional(),
  /** Shown while in stock instead of the standard "1–2 Werktage"; empty: the standard. */
  deliveryTime: optionalText(40),
  active: z.boolean(),
  attributes: z.array(ProductAttributeValueSchema).max(40),
  energyClass: EnergyClassSchema.nullable(),
  /** The label's scale, "A - G" (empty: "A - G"). */
  energyScale: optionalText(10).refine((value) => value === null || /^[A-G] - [A-G]$/.test(value), {
    message: m('backoffice_energy_scale_invalid'),
  }),
  /** kWh per 1000 h in on-mode (displays). */
  energyKwh: int(0, 32_767).nullable(),
  warranties: z.array(ProductWarrantyInputSchema).max(5),
  /** Warnings and safety information (GPSR Art. 19 d), one note each. */
  safetyWarnings: z.array(text(3, 500)).max(12),
  largeAppliance: z.boolean(),
  containsBattery: z.boolean(),
  // Fields the import and the editor carry; absent: the product keeps them.
  /** The model line ("Samsung Q80D"): drawings of one line look alike. */
  modelLine: text(0, 80, { required: false }).optional(),
  /** Manufacturer's recommended retail price („UVP“); null: none. */
  recommendedRetailPriceCents: Cents.nullable().optional(),
  maxOrderQuantity: int(1, 99).optional(),
  eprelNumber: EprelNumberSchema.nullable().optional(),
  /** The whole technical data table (the import), taken as given. */
  specs: z.array(ProductSpecLineSchema).max(200).optional(),
  /**
   * The editor's own technical data lines (every line not derived from its fields, in order); the
   * derived lines keep their places and follow the fields. Absent (with `specs`): the product
   * keeps its own lines.
   */
  extraSpecs: z.array(ProductSpecLineSchema).max(200).optional(),
}

type PriceFields = {
  priceCents: number
  strikeThroughPriceCents: number | null
  campusPriceCents: number | null
}

/** The price rules of the back office (issue 11): strike-through above, Campus below the price. */
export function checkPrices(value: PriceFields, ctx: z.RefinementCtx) {
  if (value.strikeThroughPriceCents !== null && value.strikeThroughPriceCents <= value.priceCents) {
    ctx.addIssue({
      code: 'custom',
      path: ['strikeThroughPriceCents'],
      message: m('backoffice_strike_price_too_low'),
    })
  }
  if (value.campusPriceCents !== null && value.campusPriceCents >= value.priceCents) {
    ctx.addIssue({
      code: 'custom',
      path: ['campusPriceCents'],
      message: m('backoffice_campus_price_too_high'),
    })
  }
}

/** A new product. */
export const BackofficeProductCreateBodySchema = z
  .object({ ...productFields, stock: int(0, 1_000_000) })
  .superRefine(checkPrices)
export type BackofficeProductCreateBody = z.input<typeof BackofficeProductCreateBodySchema>

/** An edit names the version it started from; a newer version answers 409. */
export const BackofficeProductEditBodySchema = z
  .object({ ...productFields, version: int(1, INT4_MAX) })
  .superRefine(checkPrices)
export type BackofficeProductEditBody = z.input<typeof BackofficeProductEditBodySchema>

export const BackofficeRetireBodySchema = z.object({ version: int(1, INT4_MAX) })

/** The whole product as the editor loads it. */
export const BackofficeProductDetailSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  url: z.string(),
  brand: z.string(),
  name: z.string(),
  manufacturerId: z.number().int().nullable(),
  articleNumber: z.string(),
  ean: z.string(),
  manufacturerPartNumber: z.string().nullable(),
  categoryId: z.number().int(),
  teaser: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  strikeThroughPriceCents: z.number().int().nullable(),
  referencePriceCents: z.number().int().nullable(),
  campusPriceCents: z.number().int().nullable(),
  stock: z.number().int(),
  deliveryTime: z.string().nullable(),
  active: z.boolean(),
  retiredAt: z.string().nullable(),
  attributes: z.array(z.object({ attributeId: z.number().int(), optionId: z.number().int() })),
  energyClass: EnergyClassSchema.nullable(),
  energyScale: z.string().nullable(),
  energyKwh: z.number().int().nullable(),
  warranties: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      months: z.number().int(),
      priceCents: z.number().int(),
    }),
  ),
  safetyWarnings: z.array(z.string()),
  largeAppliance: z.boolean(),
  containsBattery: z.boolean(),
  modelLine: z.string(),
  recommendedRetailPriceCents: z.number().int().nullable(),
  maxOrderQuantity: z.number().int(),
  eprelNumber: z.string().nullable(),
  /** The whole technical data table, derived lines included, in the order shown. */
  specs: z.array(z.object({ group: z.string(), name: z.string(), value: z.string() })),
})
export type BackofficeProductDetail = z.infer<typeof BackofficeProductDetailSchema>

/** What the editor offers to choose from. */
export const BackofficeCatalogChoicesSchema = z.object({
  /** Leaf categories (products hang on leaves), with their path of names. */
  categories: z.array(z.object({ id: z.number().int(), label: z.string() })),
  manufacturers: z.array(z.object({ id: z.number().int(), brand: z.string(), name: z.string() })),
  /** The filter attributes a product can carry (the brand's "Hersteller" follows the manufacturer). */
  attributes: z.array(
    z.object({
      id: z.number().int(),
      key: z.string(),
      name: z.string(),
      /** text: pick a value or type a new one; color and radio: pick one of the values. */
      valueType: z.enum(['text', 'color', 'choice']),
      options: z.array(
        z.object({ id: z.number().int(), text: z.string(), hex: z.string().nullable() }),
      ),
    }),
  ),
})
export type BackofficeCatalogChoices = z.infer<typeof BackofficeCatalogChoicesSchema>

// --- Categories (issue 21, next piece: create, rename, order) -----------------------------------

/** One category of the tree, in tree order (parents before their children). */
export const BackofficeCategorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  description: z.string(),
  depth: z.number().int(),
  /** Products hanging directly on it (a category with products gets no sub-categories). */
  productCount: z.number().int(),
  url: z.string(),
})
export type BackofficeCategory = z.infer<typeof BackofficeCategorySchema>

export const BackofficeCategoryTextsSchema = z.object({
  name: text(2, 60),
  /** Meta description and intro text of the category page. */
  description: text(10, 500),
})

export const BackofficeCategoryCreateBodySchema = BackofficeCategoryTextsSchema.extend({
  /** null: a new top-level category. */
  parentId: int(1, INT4_MAX).nullable(),
})
export type BackofficeCategoryCreateBody = z.input<typeof BackofficeCategoryCreateBodySchema>

export const BackofficeCategoryMoveBodySchema = z.object({ direction: z.enum(['up', 'down']) })
