// The Express application, without listen(): main.ts starts it, tests mount it.

import { createExpressEndpoints } from '@ts-rest/express'
import cookieParser from 'cookie-parser'
import express, { type Express } from 'express'
import { CATALOG_IMPORT_ZIP_MAX_BYTES } from '#contract/backoffice-import.ts'
import { CAMPUS_UPLOAD_MAX_BYTES } from '#contract/campus.ts'
import { contract } from '#contract/index.ts'
import type { Db } from '#db/client.ts'
import {
  PICTURE_UPLOAD_MAX_BYTES,
  staffAccessGuard,
  staffSessionMiddleware,
} from './backoffice/index.ts'
import { catalogCache, isCampusMember } from './catalog/index.ts'
import { mailboxPage } from './dev/index.ts'
import { createPaymentProvider, mountPaymentPages } from './payment-sandbox/index.ts'
import { below, chain } from './platform/chain.ts'
import { type Clock, systemClock } from './platform/clock.ts'
import type { Config } from './platform/config.ts'
import { sendError } from './platform/errors.ts'
import { healthRoutes } from './platform/health.ts'
import { type AppContext, errorHandler, requestValidationErrorHandler } from './platform/http.ts'
import {
  type BodyLimits,
  bodyLimitOf,
  closeOnUnreadBody,
  DEFAULT_BODY_LIMIT_BYTES,
  declaredLengthLimit,
  inputGuard,
  requestBodies,
} from './platform/input-guard.ts'
import { type Logger, requestLogger } from './platform/log.ts'
import { apiDocsRouter } from './platform/openapi.ts'
import { originCheck } from './platform/origin.ts'
import {
  guestPage,
  PAGE_CACHE_HEADER,
  PageCache,
  PERSONAL_PAGE_CACHE_CONTROL,
  pageCacheLookup,
  pageCacheStateOf,
  personalPageFromGuest,
  reduceCookiesForGuestRender,
  sendGuestPage,
} from './platform/page-cache.ts'
import { withPageMemo } from './platform/page-memo.ts'
import { ReadReplica, readYourWrites } from './platform/read-replica.ts'
import type { PageRenderer } from './platform/render.ts'
import { createRouteTable } from './platform/route-table.ts'
import { securityHeaders } from './platform/security.ts'
import { sessionMiddleware } from './platform/session.ts'
import type { ShippingProvider } from './platform/shipping/port.ts'
import { createFileSystemStorage, type FileStorage } from './platform/storage.ts'
import { router } from './router.ts'
import { createShippingProvider } from './shipping-sandbox/index.ts'
import { createVatIdVerifier } from './vat-sandbox/index.ts'

/**
 * Request body limits (issue 16): JSON bodies are small; the Apple Pay token, the Campus
 * document upload, the catalog import's file and the product pictures are the only larger ones.
 */
const BODY_LIMITS: BodyLimits = {
  defaultBytes: DEFAULT_BODY_LIMIT_BYTES,
  byPath: {
    [contract.checkout.applePayProcess.path]: 64 * 1024,
    [contract.campus.registerByDocument.path]: CAMPUS_UPLOAD_MAX_BYTES,
    // The catalog import's file or ZIP archive, base64 in JSON (a third larger than the file).
    [contract.backofficeImport.checkImport.path]:
      Math.ceil((CATALOG_IMPORT_ZIP_MAX_BYTES * 4) / 3) + 4096,
  },
  // The product editor's picture upload (issue 21): up to 8 files of 10 MB.
  byPattern: [
    {
      pattern: /^\/api\/staff\/products\/\d+\/pictures$/,
      bytes: PICTURE_UPLOAD_MAX_BYTES,
      multipart: true,
    },
  ],
}

export type AppDeps = {
  db: Db
  config: Config
  log: Logger
  clock?: Clock
  /** Renders the shop's pages; API-only tests leave it out. */
  renderer?: PageRenderer
  /** Where uploads go; default: files below config.uploadDir. */
  storage?: FileStorage
  /** The parcel carrier for return labels; default: the offline shipping simulator. */
  shipping?: ShippingProvider
  /** A streaming replica for catalog reads (DATABASE_READ_URL); without it all reads go to db. */
  replica?: Db
}

/** The guests' page cache, dropped with the catalog cache (NOTIFY catalog_changed, every process). */
function createPageCache(ctx: AppContext, maxBytes: number): PageCache {
  const catalog = catalogCache(ctx)
  const cache = new PageCache({ maxBytes, ready: () => catalog.ready })
  catalog.onInvalidate(() => cache.invalidate())
  return cache
}

/** A body as an HTML form sends it (urlencoded, multipart or text/plain). */
function isFormPost(req: express.Request): boolean {
  const type = req.headers['content-type']?.toLowerCase() ?? ''
  return (
    type.startsWith('application/x-www-form-urlencoded') ||
    type.startsWith('multipart/form-data') ||
    type.startsWith('text/plain')
  )
}

export function createApp(deps: AppDeps): Express {
  const clock = deps.clock ?? systemClock
  const payments = createPaymentProvider({ db: deps.db, config: deps.config, clock })
  if (deps.config.env === 'production' && deps.config.payments.simulatorSecretIsDefault)
    deps.log.warn(
      'PAYMENT_SIMULATOR_SECRET is not set: the payment sandbox uses its public dev secret',
    )
  const ctx: AppContext = {
    db: deps.db,
    config: deps.config,
    clock,
    log: deps.log,
    payments: payments.provider,
    shipping: deps.shipping ?? createShippingProvider({ clock }),
    vatIds: createVatIdVerifier({ clock }),
    storage: deps.storage ?? createFileSystemStorage(deps.config.uploadDir),
    ...(deps.replica ? { replica: new ReadReplica(deps.db, deps.replica, deps.log) } : {}),
  }
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', deps.config.trustProxy)
  app.set('query parser', 'simple')
  // Liveness and readiness probes: before the request log, sessions and the origin check.
  app.use(healthRoutes(deps.db))

  // The stack before the routes runs as a few layers of chained middleware (platform/chain.ts):
  // each `app.use` would be a layer Express's router visits for every request.
  app.use(
    chain(
      requestLogger(deps.log),
      securityHeaders({ dev: deps.config.devServer }),
      (req, _res, next) => {
        req.ctx = ctx
        next()
      },
      // A declared body above the route's limit is refused before anything reads it; an answer
      // given before the body has arrived closes the connection instead of reading the rest.
      closeOnUnreadBody(),
      declaredLengthLimit((req) => bodyLimitOf(BODY_LIMITS, req.path, req.headers['content-type'])),
    ),
  )
  // The payment sandbox's pages (/psp/) stand for the provider's own site: before the shop's
  // body parsers, sessions and origin check.
  mountPaymentPages(app, payments)
  // Guests' catalog pages from the page cache, before body parsing, cookies and sessions. Off
  // under Vite's dev server (code changes would not reach cached pages).
  const pageCache =
    deps.renderer && !deps.config.devServer && deps.config.pageCacheBytes > 0
      ? createPageCache(ctx, deps.config.pageCacheBytes)
      : null
  app.use(
    chain(
      ...(deps.renderer ? [deps.renderer.assets] : []),
      ...(pageCache ? [pageCacheLookup(pageCache)] : []),
      requestBodies(BODY_LIMITS),
      inputGuard(),
      cookieParser(),
      originCheck(deps.config.allowedOrigins),
      sessionMiddleware(),
      // A visitor who has just written reads the catalog from the primary (only with a replica).
      ...(ctx.replica ? [readYourWrites(ctx)] : []),
      // The back office's own session (staff_sid), separate from the shop's; the guard admits a
      // staff route only to the roles its contract entry names.
      below('/api/staff', staffSessionMiddleware()),
    ),
  )

  app.use(apiDocsRouter())
  // The contract's routes, found by their first two path segments (platform/route-table.ts).
  const routes = createRouteTable({
    caseSensitive: Boolean(app.get('case sensitive routing')),
    strict: Boolean(app.get('strict routing')),
  })
  createExpressEndpoints(contract, router, routes.registrar, {
    globalMiddleware: [staffAccessGuard()],
    requestValidationErrorHandler,
    responseValidation: deps.config.env !== 'production',
    jsonQuery: false,
  })
  app.use(routes.handler)
  for (const handler of routes.errorHandlers) app.use(handler as express.ErrorRequestHandler)
  app.get('/dev/mails', mailboxPage)

  // Unknown API paths answer JSON, never a page.
  app.use('/api', (_req, res) => {
    sendError(res, 'not_found')
  })

  const renderer = deps.renderer
  if (renderer) {
    const pages: express.RequestHandler = async (req, res, next) => {
      if (req.method === 'POST' && isFormPost(req)) {
        // A page's form sent by the browser before the page's script took it over (every form
        // says method="post", web/app/forms.test.ts): the fields are dropped, never logged, and
        // the browser gets the page again, ready by now.
        // Leading slashes collapsed: "//host/x" would send the browser to another site.
        res.setHeader('Cache-Control', 'no-store')
        res.redirect(303, req.originalUrl.replace(/^[/\\]+/, '/'))
        return
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return next()
      try {
        const state = pageCache ? pageCacheStateOf(res) : undefined
        if (pageCache && state?.kind === 'personal') {
          // A customer's (or a cart's) catalog page: the guest's page with their header parts.
          const page = await personalPageFromGuest(
            req,
            res,
            pageCache,
            state,
            renderer,
            async () => !(await isCampusMember(ctx, await req.session.customerId())),
          )
          if (page) {
            res.setHeader('Vary', 'Cookie')
            res.setHeader(PAGE_CACHE_HEADER, 'personal')
            res.status(200).type('html').setHeader('Cache-Control', PERSONAL_PAGE_CACHE_CONTROL)
            // Not res.send: its weak ETag hashes the whole page (SHA-1 of ~200 KB per request)
            // for an answer that no cache may store or revalidate (no-store).
            res.setHeader('Content-Length', page.length)
            res.end(page)
            return
          }
        }
        if (state) reduceCookiesForGuestRender(req, state)
        const result = await renderer.render(req, { notePersonal: state?.kind === 'guest' })
        if (result.type === 'redirect') {
          res.redirect(result.status, result.location)
          return
        }
        const shareable =
          state?.kind === 'guest' &&
          result.status === 200 &&
          !res.locals.renderSetCookie &&
          !res.hasHeader('set-cookie')
        if (pageCache && state?.kind === 'guest' && shareable) {
          const entry =
            (state.key !== null &&
              pageCache.set(state.key, result.html, state.generation, result.personal)) ||
            guestPage(result.html)
          sendGuestPage(req, res, entry, 'miss')
          return
        }
        // Every page depends on the cookies (header, consent banner); catalog pages say why
        // they did not come from the cache.
        if (pageCache) res.setHeader('Vary', 'Cookie')
        if (state) res.setHeader(PAGE_CACHE_HEADER, 'bypass')
        res
          .status(result.status)
          .type('html')
          .setHeader(
            'Cache-Control',
            state?.kind === 'personal' ? PERSONAL_PAGE_CACHE_CONTROL : 'private, no-cache',
          )
          .send(result.html)
      } catch (error) {
        next(error)
      }
    }
    // One page request's in-process API calls share what they ask alike (platform/page-memo.ts).
    app.use((req, res, next) => withPageMemo(() => pages(req, res, next)))
  }
  app.use((_req, res) => {
    sendError(res, 'not_found')
  })
  app.use(errorHandler)
  return app
}
