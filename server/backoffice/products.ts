// The products work area: the list and the offer staff change (prices, stock, shown or not).
// Products are the catalog slice's: read and changed through its functions.
import type { z } from 'zod'
import type { BackofficeProduct, BackofficeProductBodySchema } from '#contract/backoffice.ts'
import { BACKOFFICE_PAGE_SIZE } from '#contract/backoffice.ts'
import type { Db, Tx } from '#db/client.ts'
import {
  changeProductOffer,
  listProductOffers,
  type ProductOffer,
  productUrl,
} from '#server/catalog/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { type Change, paging } from './shared.ts'

function productOf(row: ProductOffer): BackofficeProduct {
  return {
    id: row.id,
    articleNumber: row.articleNumber,
    name: row.name,
    brand: row.brand,
    priceCents: row.priceCents,
    strikeThroughPriceCents: row.strikeThroughPriceCents,
    campusPriceCents: row.campusPriceCents,
    stock: row.stock,
    active: row.active,
    url: productUrl(row.slug, row.id),
  }
}

export async function listProducts(db: Db, query: { q: string; page: number; inactive?: '1' }) {
  const { limit, offset } = paging(query.page)
  const { rows, total } = await listProductOffers(db, {
    term: query.q,
    onlyInactive: query.inactive === '1',
    limit,
    offset,
  })
  return {
    products: rows.map(productOf),
    total,
    page: query.page,
    pageSize: BACKOFFICE_PAGE_SIZE,
  }
}

type ProductState = Omit<BackofficeProduct, 'url' | 'name' | 'brand' | 'articleNumber' | 'id'>

function productState(product: BackofficeProduct): ProductState {
  return {
    priceCents: product.priceCents,
    strikeThroughPriceCents: product.strikeThroughPriceCents,
    campusPriceCents: product.campusPriceCents,
    stock: product.stock,
    active: product.active,
  }
}

export async function updateProduct(
  tx: Tx,
  ctx: AppContext,
  id: number,
  body: z.output<typeof BackofficeProductBodySchema>,
): Promise<Result<Change<ProductState> & { product: BackofficeProduct }, 'not_found'>> {
  const row = await changeProductOffer(tx, id, body, ctx.clock.now())
  if (!row) return err('not_found')
  const before = productOf(row)
  const product = { ...before, ...body }
  return ok({ before: productState(before), after: productState(product), product })
}
