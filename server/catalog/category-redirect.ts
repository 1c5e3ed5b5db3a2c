// Former category addresses (issue 21): a category moved in the tree keeps answering at its old
// /kategorie/{path} with a permanent redirect to where it lives now. Read only on a miss (an
// unknown path), so no cache: the row and the tree are read fresh.
import { eq } from 'drizzle-orm'
import { categories, categoryRedirects } from '#db/schema/catalog.ts'
import type { AppContext } from '#server/platform/http.ts'
import { categoryUrl } from './urls.ts'

/** The current address of the category that lived at `path`, or null. */
export async function categoryRedirectUrl(ctx: AppContext, path: string): Promise<string | null> {
  const clean = path.replace(/^\/+|\/+$/g, '').toLowerCase()
  if (!clean) return null
  const [row] = await ctx.db
    .select({ path: categories.path })
    .from(categoryRedirects)
    .innerJoin(categories, eq(categories.id, categoryRedirects.categoryId))
    .where(eq(categoryRedirects.oldPath, clean))
  if (!row || row.path === clean) return null
  return categoryUrl(row.path)
}
