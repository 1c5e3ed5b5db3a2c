// Category editing (issue 21): the back office creates, renames and orders categories through
// these functions, inside its audited transaction. The `categories` trigger tells every process
// (NOTIFY catalog_changed), so navigation, breadcrumbs and listings follow at once. Renaming
// changes what a category is called, never its address; moving it in the tree changes the
// address of its whole subtree, and the former addresses redirect permanently (301) to the new
// ones (`category_redirects`, resolved by `categoryRedirectUrl`).
import { asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  BackofficeCategory,
  BackofficeCategoryCreateBodySchema,
  BackofficeCategoryTextsSchema,
} from '#contract/backoffice-products.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import { type CatalogVisual, categories, categoryRedirects, products } from '#db/schema/catalog.ts'
import { slugify } from '#db/seed/catalog.ts'
import { RESERVED_SLUGS } from '#db/seed/catalog-data.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { categoryUrl } from './urls.ts'

export type CategoryAdminError =
  | 'not_found'
  | 'backoffice_category_slug_taken'
  | 'backoffice_category_has_products'
  | 'backoffice_category_parent_invalid'

const TOP_LEVEL_VISUAL: CatalogVisual = 'accessories'

/** The whole tree in shop order (siblings by position), parents before their children. */
export async function listCategoriesForStaff(db: DbOrTx): Promise<BackofficeCategory[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId),
  ])
  const productCount = new Map(counts.map((row) => [row.categoryId, row.n]))
  const children = new Map<number | null, typeof rows>()
  for (const row of rows) {
    const list = children.get(row.parentId) ?? []
    list.push(row)
    children.set(row.parentId, list)
  }
  const out: BackofficeCategory[] = []
  const walk = (parentId: number | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      out.push({
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        slug: row.slug,
        path: row.path,
        description: row.description,
        depth,
        productCount: productCount.get(row.id) ?? 0,
        url: categoryUrl(row.path),
      })
      walk(row.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

async function categoryOf(tx: DbOrTx, id: number) {
  const list = await listCategoriesForStaff(tx)
  return list.find((category) => category.id === id) ?? null
}

/** A new category, last among its siblings; only under a category without products of its own. */
export async function createCategory(
  tx: Tx,
  input: z.output<typeof BackofficeCategoryCreateBodySchema>,
): Promise<Result<BackofficeCategory, CategoryAdminError>> {
  let parent: { id: number; path: string; visual: CatalogVisual } | null = null
  if (input.parentId !== null) {
    const [row] = await tx
      .select({ id: categories.id, path: categories.path, visual: categories.visual })
      .from(categories)
      .where(eq(categories.id, input.parentId))
      .for('update')
    if (!row) return err('backoffice_category_parent_invalid')
    const [held] = await tx
      .select({ n: count() })
      .from(products)
      .where(eq(products.categoryId, row.id))
    // Products hang on leaves: a category with products of its own gets no sub-categories.
    if ((held?.n ?? 0) > 0) return err('backoffice_category_has_products')
    parent = row
  }
  const slug = slugify(input.name) || 'kategorie'
  const path = parent ? `${parent.path}/${slug}` : slug
  const [taken] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.path, path))
  if (taken || (!parent && RESERVED_SLUGS.includes(slug))) {
    return err('backoffice_category_slug_taken')
  }
  const [last] = await tx
    .select({ n: max(categories.position) })
    .from(categories)
    .where(parent ? eq(categories.parentId, parent.id) : isNull(categories.parentId))
  const [created] = await tx
    .insert(categories)
    .values({
      parentId: parent?.id ?? null,
      slug,
      path,
      name: input.name,
      description: input.description,
      visual: parent?.visual ?? TOP_LEVEL_VISUAL,
      position: last?.n === null || last?.n === undefined ? 0 : last.n + 1,
    })
    .returning({ id: categories.id })
  if (!created) throw new Error('category not created')
  // The path is live again: its redirect (from an earlier move) no longer applies.
  await tx.delete(categoryRedirects).where(eq(categoryRedirects.oldPath, path))
  const category = await categoryOf(tx, created.id)
  if (!category) throw new Error('created category not found')
  return ok(category)
}

/** New name and page text; the address stays. */
export async function renameCategory(
  tx: Tx,
  id: number,
  input: z.output<typeof BackofficeCategoryTextsSchema>,
): Promise<Result<{ before: BackofficeCategory; after: BackofficeCategory }, 'not_found'>> {
  const before = await categoryOf(tx, id)
  if (!before) return err('not_found')
  await tx
    .update(categories)
    .set({ name: input.name, description: input.description })
    .where(eq(categories.id, id))
  const after = await categoryOf(tx, id)
  if (!after) throw new Error('renamed category not found')
  return ok({ before, after })
}

/**
 * One place up or down among its siblings (at either end: unchanged). Siblings are numbered
 * 0, 1, 2, … afterwards. Answers the sibling order before and after (ids).
 */
export async function moveCategory(
  tx: Tx,
  id: number,
  direction: 'up' | 'down',
): Promise<Result<{ before: number[]; after: number[] }, 'not_found'>> {
  const [row] = await tx
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, id))
  if (!row) return err('not_found')
  const before = await siblingIds(tx, row.parentId, { lock: true })
  const after = [...before]
  const at = after.indexOf(id)
  const to = direction === 'up' ? at - 1 : at + 1
  if (to >= 0 && to < after.length) {
    const other = after[to] as number
    after[to] = id
    after[at] = other
  }
  await renumber(tx, after)
  return ok({ before, after })
}

export type CategoryMoveError =
  | 'not_found'
  | 'backoffice_category_slug_taken'
  | 'backoffice_category_has_products'
  | 'backoffice_category_parent_invalid'
  | 'backoffice_category_move_cycle'
  | 'backoffice_category_before_invalid'

type Placement = { parentId: number | null; path: string }

/** The children of `parentId` (null: the top level) in shop order. */
async function siblingIds(
  tx: Tx,
  parentId: number | null,
  options: { lock?: boolean } = {},
): Promise<number[]> {
  const query = tx
    .select({ id: categories.id })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.position), asc(categories.id))
  return (await (options.lock ? query.for('update') : query)).map((row) => row.id)
}

/** Positions 0, 1, 2, … in the given order. */
async function renumber(tx: Tx, order: number[]): Promise<void> {
  for (const [position, id] of order.entries()) {
    await tx.update(categories).set({ position }).where(eq(categories.id, id))
  }
}

/** Numbers the children of `parentId` anew with `id` right before `beforeId`. */
async function placeAmongSiblings(
  tx: Tx,
  id: number,
  parentId: number | null,
  beforeId: number,
): Promise<void> {
  const order = (await siblingIds(tx, parentId)).filter((sibling) => sibling !== id)
  order.splice(Math.max(order.indexOf(beforeId), 0), 0, id)
  await renumber(tx, order)
}

/**
 * Moves a category with its whole subtree under a new parent (null: the top level), before the
 * sibling `beforeId` or last among its new siblings; under its current parent it only reorders.
 * Refused: a parent inside the moved subtree (a cycle), a parent that holds products itself,
 * and a slug a new sibling already has (the address would clash). Every moved category's former
 * path becomes a redirect to the category (`category_redirects`), so shared
 * links and search engines land on the new address; a redirect row at a path that is live again
 * is removed. Answers the category's parent and path before and after.
 */
export async function moveCategoryToParent(
  tx: Tx,
  id: number,
  parentId: number | null,
  beforeId: number | null = null,
): Promise<Result<{ before: Placement; after: Placement }, CategoryMoveError>> {
  // The whole tree, locked: a concurrent move could otherwise build a cycle with this one.
  const rows = await tx
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      path: categories.path,
    })
    .from(categories)
    .orderBy(asc(categories.id))
    .for('update')
  const byId = new Map(rows.map((row) => [row.id, row]))
  const moved = byId.get(id)
  if (!moved) return err('not_found')
  const before: Placement = { parentId: moved.parentId, path: moved.path }
  const parent = parentId === null ? null : byId.get(parentId)
  if (parent === undefined) return err('backoffice_category_parent_invalid')
  // The subtree: the category and everything below it.
  const subtree = new Set([id])
  for (let grew = true; grew; ) {
    grew = false
    for (const row of rows) {
      if (row.parentId !== null && subtree.has(row.parentId) && !subtree.has(row.id)) {
        subtree.add(row.id)
        grew = true
      }
    }
  }
  if (parent && subtree.has(parent.id)) return err('backoffice_category_move_cycle')
  const newParentId = parent?.id ?? null
  if (beforeId !== null && (beforeId === id || byId.get(beforeId)?.parentId !== newParentId)) {
    return err('backoffice_category_before_invalid')
  }
  if (newParentId === moved.parentId) {
    if (beforeId !== null) await placeAmongSiblings(tx, id, newParentId, beforeId)
    return ok({ before, after: before })
  }
  if (parent) {
    const [held] = await tx
      .select({ n: count() })
      .from(products)
      .where(eq(products.categoryId, parent.id))
    if ((held?.n ?? 0) > 0) return err('backoffice_category_has_products')
  }
  const path = parent ? `${parent.path}/${moved.slug}` : moved.slug
  const clash = rows.some((row) => row.path === path && !subtree.has(row.id))
  if (clash || (!parent && RESERVED_SLUGS.includes(moved.slug))) {
    return err('backoffice_category_slug_taken')
  }
  const [last] = await tx
    .select({ n: max(categories.position) })
    .from(categories)
    .where(parent ? eq(categories.parentId, parent.id) : isNull(categories.parentId))
  const position = last?.n === null || last?.n === undefined ? 0 : last.n + 1
  // Last first; placed before a sibling once it is one (after the parent change below).
  const ids = [...subtree]
  const oldPrefix = moved.path
  // One statement rewrites every path of the subtree: old prefix → new prefix.
  await tx
    .update(categories)
    .set({ path: sql`${path} || substr(${categories.path}, ${oldPrefix.length + 1})` })
    .where(inArray(categories.id, ids))
  await tx
    .update(categories)
    .set({ parentId: parent?.id ?? null, position })
    .where(eq(categories.id, id))
  if (beforeId !== null) await placeAmongSiblings(tx, id, newParentId, beforeId)
  const newPaths = ids.map((subId) => {
    const old = byId.get(subId)?.path ?? ''
    return `${path}${old.slice(oldPrefix.length)}`
  })
  await tx.delete(categoryRedirects).where(inArray(categoryRedirects.oldPath, newPaths))
  await tx
    .insert(categoryRedirects)
    .values(ids.map((subId) => ({ oldPath: byId.get(subId)?.path ?? '', categoryId: subId })))
    .onConflictDoUpdate({
      target: categoryRedirects.oldPath,
      set: { categoryId: sql`excluded.category_id`, createdAt: sql`now()` },
    })
  return ok({ before, after: { parentId: parent?.id ?? null, path } })
}
