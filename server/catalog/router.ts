// Thin handlers of the catalog calls: read the request, call the service, map the answer.
import { Stream } from 'node:stream'
import type { Request, Response } from 'express'
import { contract } from '#contract/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { isCampusMember } from './campus-price.ts'
import { categoryRedirectUrl } from './category-redirect.ts'
import { dataSheetPdf } from './datasheet.ts'
import { categorySvg, drawingLine, energyLabelSvg, productSvg } from './images.ts'
import {
  type Answer,
  DEFAULT_ENERGY_SCALE,
  getCampusDeals,
  getCategory,
  getCategoryFilters,
  getCategoryListing,
  getEnergyLabel,
  getLastSeen,
  getNavigationCategory,
  getNavigationData,
  getProduct,
  getProductRow,
  getSearchFilters,
  getSearchResults,
  getSuggestions,
  getTopProducts,
  parseLastSeen,
  type Viewer,
} from './service.ts'

/** Name of the cookie the product page writes (ids, newest first); see docs/decisions.md. */
export const LAST_SEEN_COOKIE = 'last_seen'
const IMAGE_CACHE = 'public, max-age=86400'

async function viewerOf(req: {
  ctx: Request['ctx']
  session: Request['session']
}): Promise<Viewer> {
  return { campusMember: await isCampusMember(req.ctx, await req.session.customerId()) }
}

/**
 * A body ts-rest sends as is (it pipes any Stream into the response): the one buffer written
 * with a single res.end(), without a Readable's buffering and ticks (issue 23).
 */
class OnceBody extends Stream {
  constructor(private readonly buffer: Buffer) {
    super()
  }
  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    destination.end(this.buffer)
    return destination
  }
}

/**
 * The body of a cached answer. In production a guest's answer goes out in its serialised form
 * (a cache hit costs no JSON encoding); elsewhere the object goes through response validation.
 */
function reply<T>(req: { ctx: Request['ctx'] }, res: Response, answer: Answer<T>): T {
  if (answer.json && req.ctx.config.env === 'production') {
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Content-Length', String(answer.json.length))
    // ts-rest pipes a stream body as is.
    return new OnceBody(answer.json) as unknown as T
  }
  return answer.body
}

export const catalogRouter = s.router(contract.catalog, {
  getNavigationData: async ({ req }) => ({ status: 200, body: await getNavigationData(req.ctx) }),

  getNavigationCategory: async ({ req, params }) => {
    const result = await getNavigationCategory(req.ctx, params.id)
    return result.ok ? { status: 200, body: result.value } : respond('not_found')
  },

  getCategoryListing: async ({ req, res, query }) => {
    const result = await getCategoryListing(req.ctx, query, await viewerOf(req))
    return result.ok ? { status: 200, body: reply(req, res, result.value) } : respond('not_found')
  },

  getCategoryRedirect: async ({ req, query }) => {
    const url = await categoryRedirectUrl(req.ctx, query.path)
    return url ? { status: 200, body: { url } } : respond('not_found')
  },

  getCategoryFilters: async ({ req, body }) => {
    const result = await getCategoryFilters(req.ctx, body)
    return result.ok ? { status: 200, body: result.value } : respond('not_found')
  },

  getSearchResults: async ({ req, res, query }) => ({
    status: 200,
    body: reply(req, res, await getSearchResults(req.ctx, query, await viewerOf(req))),
  }),

  getSearchFilters: async ({ req, body }) => ({
    status: 200,
    body: await getSearchFilters(req.ctx, body),
  }),

  getSearchSuggestions: async ({ req, res, query }) => ({
    status: 200,
    body: reply(req, res, await getSuggestions(req.ctx, query.query)),
  }),

  getProduct: async ({ req, res, params }) => {
    const result = await getProduct(req.ctx, params.productId, await viewerOf(req))
    return result.ok ? { status: 200, body: reply(req, res, result.value) } : respond('not_found')
  },

  getTopProducts: async ({ req, res, query }) => {
    const result = await getTopProducts(req.ctx, query.categoryId, await viewerOf(req))
    return result.ok ? { status: 200, body: reply(req, res, result.value) } : respond('not_found')
  },

  getCampusDeals: async ({ req, res }) => {
    const result = await getCampusDeals(req.ctx, await viewerOf(req))
    return { status: 200, body: reply(req, res, result) }
  },

  getLastSeenProducts: async ({ req, res, query }) => {
    res.setHeader('Cache-Control', 'private, no-store')
    const ids = parseLastSeen(req.cookies?.[LAST_SEEN_COOKIE])
    const products = await getLastSeen(req.ctx, ids, query.exclude, await viewerOf(req))
    return { status: 200, body: { products } }
  },

  getEnergyLabel: async ({ req, params }) => {
    const result = await getEnergyLabel(req.ctx, params.productId)
    return result.ok ? { status: 200, body: result.value } : respond('not_found')
  },

  getProductImage: async ({ req, res, params }) => {
    const row = await getProductRow(req.ctx, params.productId)
    if (!row || params.index > row.imageCount) return respond('not_found')
    res.setHeader('Cache-Control', IMAGE_CACHE)
    return {
      status: 200,
      body: productSvg({
        visual: row.visual,
        colorHex: row.colorHex,
        brand: row.brand,
        line: drawingLine(row),
        view: params.index,
      }),
    }
  },

  getEnergyLabelImage: async ({ req, res, params }) => {
    const row = await getProductRow(req.ctx, params.productId)
    if (!row?.energyClass) return respond('not_found')
    res.setHeader('Cache-Control', IMAGE_CACHE)
    return {
      status: 200,
      body: energyLabelSvg({
        brand: row.brand,
        model: row.name.split(',')[0] ?? row.name,
        energyClass: row.energyClass,
        kwh: row.energyKwh,
      }),
    }
  },

  getDataSheet: async ({ req, res, params }) => {
    const row = await getProductRow(req.ctx, params.productId)
    if (!row) return respond('not_found')
    res.setHeader('Cache-Control', IMAGE_CACHE)
    res.setHeader(
      'Content-Disposition',
      `inline; filename="produktdatenblatt-${row.articleNumber}.pdf"`,
    )
    const rows = [
      { label: 'Hersteller', value: row.brand },
      { label: 'Artikelnummer', value: row.articleNumber },
      { label: 'EAN', value: row.ean },
      ...(row.energyClass
        ? [
            {
              label: 'Energieeffizienzklasse',
              value: `${row.energyClass} (Skala ${row.energyScale || DEFAULT_ENERGY_SCALE})`,
            },
          ]
        : []),
      ...(row.energyKwh
        ? [{ label: 'Energieverbrauch SDR', value: `${row.energyKwh} kWh/1000 h` }]
        : []),
      ...row.specs.map((spec) => ({ label: spec.name, value: spec.value })),
    ]
    return {
      status: 200,
      body: dataSheetPdf({
        title: row.name,
        subtitle: `Bitwerk · Artikel ${row.articleNumber} · EAN ${row.ean}`,
        rows,
        footer: 'Bitwerk GmbH (Demo-Shop) · Angaben des Herstellers, Änderungen vorbehalten.',
      }),
    }
  },

  getCategoryImage: async ({ req, res, params }) => {
    const category = await getCategory(req.ctx, params.categoryId)
    if (!category) return respond('not_found')
    res.setHeader('Cache-Control', IMAGE_CACHE)
    return { status: 200, body: categorySvg(category.visual) }
  },
})
