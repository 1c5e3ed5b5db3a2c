// Thin handlers of the category tree's second part (issue 21): move a category to another parent,
// read and set its filter list. Each change is audited in its transaction; the process's catalog
// cache is dropped after the commit (the tables' triggers tell the other processes).
import { contract } from '#contract/index.ts'
import {
  catalogCache,
  categoryFiltersForStaff,
  listCategoriesForStaff,
  moveCategoryToParent,
  setCategoryFilters,
} from '#server/catalog/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { auditedChange } from './audit.ts'

const CATEGORY = 'category'

export const backofficeCategoriesRouter = s.router(contract.backofficeCategories, {
  moveCategoryToParent: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'category.parent',
      { type: CATEGORY, id: params.id },
      (tx) => moveCategoryToParent(tx, params.id, body.parentId, body.beforeId ?? null),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: { categories: await listCategoriesForStaff(req.ctx.db) } }
  },

  getCategoryFilters: async ({ req, params }) => {
    const result = await categoryFiltersForStaff(req.ctx.db, params.id)
    return result.ok ? { status: 200, body: result.value } : respond(result.code)
  },

  setCategoryFilters: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'category.filters',
      { type: CATEGORY, id: params.id },
      (tx) => setCategoryFilters(tx, params.id, body.attributeIds),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    const list = await categoryFiltersForStaff(req.ctx.db, params.id)
    return list.ok ? { status: 200, body: list.value } : respond(list.code)
  },
})
