// The product comparison ("Produktvergleich", issue 22): a compare toggle on tiles and the product
// page, at most COMPARISON_MAX_ITEMS products of one (leaf) category, the header's `comparison`
// list, and /vergleich with the products' attributes lined up row by row.
import { z } from 'zod'
import { ProductTileSchema } from './catalog.ts'
import {
  COMPARISON_ADD_FORM_PATH,
  COMPARISON_PAGE_PATH,
  COMPARISON_REMOVE_FORM_PATH,
} from './comparison-paths.ts'
import { c, ErrorSchema, errorBody } from './errors.ts'
import { id, textId } from './fields.ts'

/** Products one comparison holds (issue 22). */
export const COMPARISON_MAX_ITEMS = 4

export const ComparisonAddBodySchema = z.object({
  productId: id(),
  /** "Vergleich neu beginnen": empty the list first, then add the product. */
  restart: z.boolean().optional(),
})
export type ComparisonAddBody = z.infer<typeof ComparisonAddBodySchema>

/** "Vergleichen" (and "Vergleich neu beginnen": restart=1) as the HTML form sends it. */
export const ComparisonAddFormSchema = z.object({
  productId: textId(),
  restart: z.literal('1').optional(),
})
export const ComparisonRemoveFormSchema = z.object({ productId: textId() })

/** Every change answers the list's product ids (oldest first), as the header carries them. */
export const ComparisonCountSchema = z.object({
  successful: z.literal(true),
  itemCount: z.number().int(),
  productIds: z.array(z.number().int()),
})
export type ComparisonCount = z.infer<typeof ComparisonCountSchema>

/** 422 of add: the code, its German text and the category already being compared. */
export const ComparisonAddErrorSchema = errorBody(
  z.enum(['comparison_full', 'comparison_category_mismatch']),
).extend({ categoryName: z.string().optional() })
export type ComparisonAddError = z.infer<typeof ComparisonAddErrorSchema>

export const ComparisonProductSchema = ProductTileSchema.pick({
  id: true,
  articleNumber: true,
  name: true,
  brand: true,
  url: true,
  image: true,
  priceCents: true,
  strikeThroughPriceCents: true,
  recommendedRetailPriceCents: true,
  discountPercent: true,
  hasCampusPrice: true,
  campusPriceCents: true,
  availability: true,
  lowStockQuantity: true,
  energyEfficiency: true,
})
export type ComparisonProduct = z.infer<typeof ComparisonProductSchema>

/**
 * One row of the table: an attribute and each product's value (same order as `products`; null:
 * the product does not have it). `differs`: the values are not all the same.
 */
export const ComparisonRowSchema = z.object({
  key: z.string(),
  group: z.string(),
  name: z.string(),
  values: z.array(z.string().nullable()),
  differs: z.boolean(),
})
export type ComparisonRow = z.infer<typeof ComparisonRowSchema>

export const ComparisonSchema = ComparisonCountSchema.extend({
  /** The category being compared; null while the list is empty. */
  category: z.object({ id: z.number().int(), name: z.string(), url: z.string() }).nullable(),
  products: z.array(ComparisonProductSchema),
  rows: z.array(ComparisonRowSchema),
})
export type Comparison = z.infer<typeof ComparisonSchema>

const ISSUE = 'issue 22 Produktvergleich'

export const comparisonContract = c.router({
  getComparison: {
    method: 'GET',
    path: '/api/comparison',
    responses: { 200: ComparisonSchema },
    summary: `The comparison with its products and attribute rows, oldest first (${ISSUE})`,
  },
  addToComparison: {
    method: 'POST',
    path: '/api/comparison/items',
    body: ComparisonAddBodySchema,
    responses: { 200: ComparisonCountSchema, 404: ErrorSchema, 422: ComparisonAddErrorSchema },
    summary: `Add a product (again: no change); at most ${COMPARISON_MAX_ITEMS} of one category (${ISSUE})`,
  },
  addToComparisonForm: {
    method: 'POST',
    path: COMPARISON_ADD_FORM_PATH,
    contentType: 'application/x-www-form-urlencoded',
    body: ComparisonAddFormSchema,
    responses: { 303: c.noBody() },
    summary: `"Vergleichen" as an HTML form (before the page's script runs, or without it): adds like /api/comparison/items and answers 303 to ${COMPARISON_PAGE_PATH}?ergebnis=hinzugefuegt (or voll, andere-kategorie with &produkt=, fehler) (${ISSUE})`,
  },
  removeFromComparisonForm: {
    method: 'POST',
    path: COMPARISON_REMOVE_FORM_PATH,
    contentType: 'application/x-www-form-urlencoded',
    body: ComparisonRemoveFormSchema,
    responses: { 303: c.noBody() },
    summary: `A ticked "Vergleichen" or the comparison page's "Entfernen" as an HTML form: removes and answers 303 to ${COMPARISON_PAGE_PATH}?ergebnis=entfernt (${ISSUE})`,
  },
  removeFromComparison: {
    method: 'DELETE',
    path: '/api/comparison/items/:productId',
    pathParams: z.object({ productId: textId() }),
    responses: { 200: ComparisonCountSchema },
    summary: `Take a product off the comparison (not on it: no change) (${ISSUE})`,
  },
  clearComparison: {
    method: 'DELETE',
    path: '/api/comparison',
    responses: { 200: ComparisonCountSchema },
    summary: `Empty the comparison (${ISSUE})`,
  },
})
