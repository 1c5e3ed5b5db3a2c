// The products work area: the list and the offer staff change (prices, stock, shown or not).
// Products are the catalog slice's: read and changed through its functions.
import type { z } from 'zod'
import type {
  BackofficeProduct,
  BackofficeProductBodySchema,
  BackofficeProductPrices,
} from '#contract/backoffice.ts'
import { BACKOFFICE_PAGE_SIZE } from '#contract/backoffice.ts'
import type { Db, Tx } from '#db/client.ts'
import {
  changeProductOffer,
  findProductOffer,
  listProductOffers,
  type ProductOffer,
  productUrl,
  recentPriceSteps,
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
    referencePriceCents: row.referencePriceCents,
    campusPriceCents: row.campusPriceCents,
    stock: row.stock,
    active: row.active,
    retired: row.retiredAt !== null,
    version: row.version,
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

type ProductState = Omit<
  BackofficeProduct,
  'url' | 'name' | 'brand' | 'articleNumber' | 'id' | 'referencePriceCents' | 'retired' | 'version'
>

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
): Promise<
  Result<
    Change<ProductState> & { product: BackofficeProduct },
    'not_found' | 'backoffice_product_changed'
  >
> {
  const change = await changeProductOffer(tx, id, body, ctx.clock.now())
  if (!change) return err('not_found')
  if (change === 'changed') return err('backoffice_product_changed')
  const before = productOf(change.before)
  const product = productOf(change.after)
  return ok({ before: productState(before), after: productState(product), product })
}

/** The editor's price panel: the last 30 days of the history and the reference price. */
export async function productPrices(
  ctx: AppContext,
  id: number,
): Promise<BackofficeProductPrices | null> {
  const offer = await findProductOffer(ctx.db, id)
  if (!offer) return null
  const steps = await recentPriceSteps(ctx.db, id, ctx.clock.now())
  return {
    priceCents: offer.priceCents,
    referencePriceCents: offer.referencePriceCents,
    history: steps.map((step) => ({ ...step, validFrom: step.validFrom.toISOString() })),
  }
}
