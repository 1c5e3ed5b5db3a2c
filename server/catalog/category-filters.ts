// Which filter attributes a category page offers, and in which order (issue 21). An admin sets a
// list per category (`category_filters`); a category without its own list inherits its nearest
// ancestor's; with no list anywhere the page offers every attribute in the attributes' own order
// (the behaviour before lists existed). `offeredAttributeKeys` is the one hook the facet
// computation calls (server/catalog/facets.ts); the rest serves the back office.
import { asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.ts'
import { categories, categoryFilters, filterAttributes } from '#db/schema/catalog.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { Category } from './tree.ts'

/**
 * The attribute keys offered on the category's page in display order: its own list, else the
 * nearest ancestor's; null when no category on the way up has one (offer every attribute).
 */
export function offeredAttributeKeys(category: Category): string[] | null {
  for (let i = category.ancestors.length - 1; i >= 0; i -= 1) {
    const keys = category.ancestors[i]?.filterKeys
    if (keys && keys.length > 0) return keys
  }
  return null
}

type AttributeRef = { id: number; key: string; name: string }

export type CategoryFilterList = {
  categoryId: number
  /** The category's own list; empty: it inherits. */
  own: AttributeRef[]
  /** What the page offers when `own` is empty: the nearest ancestor's list, or null (all). */
  inherited: { categoryId: number; categoryName: string; attributes: AttributeRef[] } | null
  /** Every attribute, in the attributes' own order (what can be chosen). */
  attributes: AttributeRef[]
}

export type CategoryFiltersError = 'not_found' | 'backoffice_category_filter_invalid'

/** The category's own list, what it would inherit, and every attribute to choose from. */
export async function categoryFiltersForStaff(
  db: DbOrTx,
  categoryId: number,
): Promise<Result<CategoryFilterList, 'not_found'>> {
  const [rows, attributeRows, listRows] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories),
    db
      .select({ id: filterAttributes.id, key: filterAttributes.key, name: filterAttributes.name })
      .from(filterAttributes)
      .orderBy(asc(filterAttributes.position), asc(filterAttributes.id)),
    db
      .select({ categoryId: categoryFilters.categoryId, attributeId: categoryFilters.attributeId })
      .from(categoryFilters)
      .orderBy(asc(categoryFilters.categoryId), asc(categoryFilters.position)),
  ])
  const byId = new Map(rows.map((row) => [row.id, row]))
  const category = byId.get(categoryId)
  if (!category) return err('not_found')
  const attributeById = new Map(attributeRows.map((a) => [a.id, a]))
  const lists = new Map<number, AttributeRef[]>()
  for (const row of listRows) {
    const attribute = attributeById.get(row.attributeId)
    if (!attribute) continue
    const list = lists.get(row.categoryId) ?? []
    list.push(attribute)
    lists.set(row.categoryId, list)
  }
  let inherited: CategoryFilterList['inherited'] = null
  const seen = new Set<number>([categoryId])
  for (let up = category.parentId; up !== null && !seen.has(up); ) {
    seen.add(up)
    const ancestor = byId.get(up)
    if (!ancestor) break
    const list = lists.get(ancestor.id)
    if (list && list.length > 0) {
      inherited = { categoryId: ancestor.id, categoryName: ancestor.name, attributes: list }
      break
    }
    up = ancestor.parentId
  }
  return ok({ categoryId, own: lists.get(categoryId) ?? [], inherited, attributes: attributeRows })
}

/**
 * Replaces the category's own list (order as given; empty: inherit again). Answers the keys
 * before and after for the audit.
 */
export async function setCategoryFilters(
  tx: Tx,
  categoryId: number,
  attributeIds: number[],
): Promise<Result<{ before: string[]; after: string[] }, CategoryFiltersError>> {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for('update')
  if (!category) return err('not_found')
  const known =
    attributeIds.length === 0
      ? []
      : await tx
          .select({ id: filterAttributes.id, key: filterAttributes.key })
          .from(filterAttributes)
          .where(inArray(filterAttributes.id, attributeIds))
  const keyOf = new Map(known.map((a) => [a.id, a.key]))
  if (attributeIds.some((attributeId) => !keyOf.has(attributeId))) {
    return err('backoffice_category_filter_invalid')
  }
  const previous = await tx
    .select({ key: filterAttributes.key })
    .from(categoryFilters)
    .innerJoin(filterAttributes, eq(filterAttributes.id, categoryFilters.attributeId))
    .where(eq(categoryFilters.categoryId, categoryId))
    .orderBy(asc(categoryFilters.position))
  await tx.delete(categoryFilters).where(eq(categoryFilters.categoryId, categoryId))
  if (attributeIds.length > 0) {
    await tx
      .insert(categoryFilters)
      .values(attributeIds.map((attributeId, position) => ({ categoryId, attributeId, position })))
  }
  return ok({
    before: previous.map((row) => row.key),
    after: attributeIds.map((attributeId) => keyOf.get(attributeId) ?? ''),
  })
}
