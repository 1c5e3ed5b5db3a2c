// The category tree in the back office, second part (issue 21): move a category with its subtree
// under another parent (or to the top level; its former addresses redirect permanently), and
// choose which filter attributes a category page offers, in which order (a category without its
// own list inherits its parent's). Admins change, customer service reads.
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { BackofficeCategorySchema } from './backoffice-products.ts'
import { c, errorBody } from './errors.ts'
import { INT4_MAX, int, textId } from './fields.ts'
import { m } from './messages.de.ts'

const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const NotFound = errorBody(z.enum(['not_found']))
const IdParams = z.object({ id: textId() })

/** At most so many attributes in one category's list. */
export const CATEGORY_FILTERS_MAX = 40

export const BackofficeCategoryParentBodySchema = z.object({
  /** null: to the top level. */
  parentId: int(1, INT4_MAX).nullable(),
  /**
   * Place it before this category, one of the new parent's children (the tree's drag and drop);
   * absent or null: last. With the current parent this only reorders.
   */
  beforeId: int(1, INT4_MAX).nullable().optional(),
})
export type BackofficeCategoryParentBody = z.input<typeof BackofficeCategoryParentBodySchema>

export const BackofficeCategoryFiltersBodySchema = z.object({
  /** The offered attributes in display order; empty: inherit the parent's list again. */
  attributeIds: z
    .array(int(1, INT4_MAX))
    .max(CATEGORY_FILTERS_MAX, m('invalid'))
    .refine((ids) => new Set(ids).size === ids.length, {
      message: m('backoffice_category_filters_duplicate'),
    }),
})
export type BackofficeCategoryFiltersBody = z.input<typeof BackofficeCategoryFiltersBodySchema>

const AttributeRefSchema = z.object({ id: z.number().int(), key: z.string(), name: z.string() })

export const BackofficeCategoryFiltersSchema = z.object({
  categoryId: z.number().int(),
  /** The category's own list; empty: it inherits. */
  own: z.array(AttributeRefSchema),
  /** What the page offers while `own` is empty: the nearest ancestor's list; null: all. */
  inherited: z
    .object({
      categoryId: z.number().int(),
      categoryName: z.string(),
      attributes: z.array(AttributeRefSchema),
    })
    .nullable(),
  /** Every filter attribute, to choose from. */
  attributes: z.array(AttributeRefSchema),
})
export type BackofficeCategoryFilters = z.infer<typeof BackofficeCategoryFiltersSchema>

export const backofficeCategoriesContract = c.router({
  moveCategoryToParent: {
    method: 'POST',
    path: '/api/staff/categories/:id/parent',
    pathParams: IdParams,
    body: BackofficeCategoryParentBodySchema,
    responses: {
      200: z.object({ categories: z.array(BackofficeCategorySchema) }),
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['backoffice_category_slug_taken'])),
      422: errorBody(
        z.enum([
          'backoffice_category_move_cycle',
          'backoffice_category_before_invalid',
          'backoffice_category_has_products',
          'backoffice_category_parent_invalid',
        ]),
      ),
    },
    metadata: staffOnly('admin'),
    summary:
      'Moves a category with its subtree under another parent or to the top level; old addresses answer 301 (issue 21)',
  },
  getCategoryFilters: {
    method: 'GET',
    path: '/api/staff/categories/:id/filters',
    pathParams: IdParams,
    responses: { 200: BackofficeCategoryFiltersSchema, 401: Unauthorized, 404: NotFound },
    metadata: staffOnly('service', 'admin'),
    summary: "A category's own filter list, the inherited one and every attribute (issue 21)",
  },
  setCategoryFilters: {
    method: 'PUT',
    path: '/api/staff/categories/:id/filters',
    pathParams: IdParams,
    body: BackofficeCategoryFiltersBodySchema,
    responses: {
      200: BackofficeCategoryFiltersSchema,
      401: Unauthorized,
      404: NotFound,
      422: errorBody(z.enum(['backoffice_category_filter_invalid'])),
    },
    metadata: staffOnly('admin'),
    summary:
      'Sets the filter attributes a category page offers, in order; empty inherits again (issue 21)',
  },
})
