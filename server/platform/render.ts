// Server rendering of the shop's pages: the built bundles in normal runs, Vite's dev server
// with hot reload under `npm run dev`.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import express, { type Request, type RequestHandler, type Router } from 'express'
import type { PageAssets, PersonalParts, RenderOptions, RenderResult } from '#web/entry-server.tsx'
import { DatabaseUnavailableError, isDatabaseUnavailable } from './db-errors.ts'
import { pingDatabase } from './health.ts'
import { type InProcessFetcher, inProcessFetcher, type RequestListener } from './in-process.ts'

type RenderFn = (request: Request2, options: RenderOptions) => Promise<RenderResult>
type RenderPersonalFn = (request: Request2, options: RenderOptions) => Promise<PersonalParts | null>
type Request2 = globalThis.Request

export type { PersonalParts }

export type PageRenderer = {
  /** Static files (built assets or Vite's middleware). */
  assets: RequestHandler | Router
  /** `notePersonal`: the result carries the page's personal parts (a guest page to reuse). */
  render: (req: Request, options?: { notePersonal?: boolean }) => Promise<RenderResult>
  /** The visitor's personal parts alone (header data, header actions, greeting). */
  renderPersonal?: (req: Request) => Promise<PersonalParts | null>
  close: () => Promise<void>
}

/** A renderer from the server entry's functions (the built bundle, or the source in tests). */
export function rendererFromEntry(
  entry: { render: RenderFn; renderPersonal: RenderPersonalFn },
  assets: PageAssets,
  site: { origin: string; whiteLabel: boolean },
  staticFiles: RequestHandler | Router,
): PageRenderer {
  return {
    assets: staticFiles,
    render: (req, options) =>
      outageAware(req, () =>
        entry.render(toFetchRequest(req), { ...renderOptions(req, assets, site), ...options }),
      ),
    renderPersonal: (req) =>
      entry.renderPersonal(toFetchRequest(req), renderOptions(req, assets, site)),
    close: async () => {},
  }
}

const ROOT = resolve(import.meta.dirname, '../..')
const CLIENT_DIR = resolve(ROOT, 'dist/client')

type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
>

function assetsFromManifest(): PageAssets {
  const manifestPath = resolve(CLIENT_DIR, '.vite/manifest.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const entry = manifest['web/entry-client.tsx']
  if (!entry) throw new Error('the client build has no entry web/entry-client.tsx')
  const preload = new Set<string>()
  const styles = new Set(entry.css ?? [])
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || preload.has(chunk.file)) return
    preload.add(chunk.file)
    for (const css of chunk.css ?? []) styles.add(css)
    for (const child of chunk.imports ?? []) visit(child)
  }
  for (const key of entry.imports ?? []) visit(key)
  const early = manifest['web/early.ts']
  if (!early || early.imports?.length) throw new Error('the client build has no lone web/early.ts')
  return {
    early: `/${early.file}`,
    styles: [...styles].map((file) => `/${file}`),
    scripts: [`/${entry.file}`],
    preload: [...preload].map((file) => `/${file}`),
    inlineModules: [],
  }
}

/** The incoming request as a Fetch request for react-router's static handler. */
export function toFetchRequest(req: Request): globalThis.Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return new globalThis.Request(url, { method: 'GET', headers })
}

/**
 * A page that failed while the database is away answers 503 (the error handler sends the short
 * "nicht erreichbar" page with Retry-After), not the 500 error page. Loaders reach the API through
 * the app's own handlers (in-process), whose answers are 5xx in an outage, so an outage arrives
 * here as a render with status 5xx (or a thrown error); one `select 1` tells an outage from a bug.
 */
export async function outageAware(
  req: Request,
  render: () => Promise<RenderResult>,
): Promise<RenderResult> {
  const databaseAway = async () => {
    const db = req.ctx?.db
    return db !== undefined && !(await pingDatabase(db))
  }
  let result: RenderResult
  try {
    result = await render()
  } catch (error) {
    if (isDatabaseUnavailable(error) || (await databaseAway()))
      throw new DatabaseUnavailableError(error)
    throw error
  }
  if (result.type === 'html' && result.status >= 500 && (await databaseAway()))
    throw new DatabaseUnavailableError()
  return result
}

/**
 * Marks the page's response (`res.locals.renderSetCookie`) when one of the render's API calls
 * answered with Set-Cookie: the page depended on a new or changed session and is never cached.
 */
function noteSetCookie(fetcher: InProcessFetcher, req: Request): InProcessFetcher {
  return async (args) => {
    const response = await fetcher(args)
    if (response.headers.has('set-cookie') && req.res) req.res.locals.renderSetCookie = true
    return response
  }
}

function renderOptions(
  req: Request,
  assets: PageAssets,
  site: { origin: string; whiteLabel: boolean },
): RenderOptions {
  return {
    // Loaders call the API in this process, through the app that received the page request.
    api: noteSetCookie(inProcessFetcher(req.app as unknown as RequestListener, req), req),
    assets,
    site,
    onError: (error) => req.log?.error({ err: error }, 'render error'),
  }
}

export async function createProductionRenderer(site: {
  origin: string
  whiteLabel: boolean
}): Promise<PageRenderer> {
  const serverEntry = resolve(ROOT, 'dist/server/entry-server.js')
  if (!existsSync(serverEntry) || !existsSync(resolve(CLIENT_DIR, '.vite/manifest.json'))) {
    throw new Error('The web build is missing: run `npm run build` first (npm start does it).')
  }
  const entry = (await import(pathToFileURL(serverEntry).href)) as {
    render: RenderFn
    renderPersonal: RenderPersonalFn
  }
  const assets = assetsFromManifest()
  const staticFiles = express.static(CLIENT_DIR, {
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${CLIENT_DIR}/assets/`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    },
  })
  // Only paths that can be a built file reach the static handler: for any other request (every
  // API call and page) it would look on disk first (a stat through the thread pool, issue 23).
  const topFiles = new Set(
    readdirSync(CLIENT_DIR, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => `/${entry.name}`),
  )
  const builtFiles: RequestHandler = (req, res, next) => {
    const path = req.path
    const slash = path.indexOf('/', 1)
    if (topFiles.has(slash < 0 ? path : path.slice(0, slash))) return staticFiles(req, res, next)
    next()
  }
  return rendererFromEntry(entry, assets, site, builtFiles)
}

export async function createDevRenderer(site: {
  origin: string
  whiteLabel: boolean
}): Promise<PageRenderer> {
  const { createServer } = await import('vite')
  const vite = await createServer({
    root: ROOT,
    server: { middlewareMode: true },
    appType: 'custom',
  })
  // Vite's client and the React refresh preamble, as inline module scripts for the document.
  const shell = await vite.transformIndexHtml('/', '<html><head></head><body></body></html>')
  const inlineModules = [...shell.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  )
  const assets: PageAssets = {
    early: '/web/early.ts',
    styles: [],
    scripts: ['/@vite/client', '/web/entry-client.tsx'],
    preload: [],
    inlineModules,
  }
  return {
    assets: vite.middlewares as unknown as RequestHandler,
    render: (req) =>
      outageAware(req, async () => {
        const { render } = (await vite.ssrLoadModule('/web/entry-server.tsx')) as {
          render: RenderFn
        }
        return render(toFetchRequest(req), renderOptions(req, assets, site))
      }),
    close: () => vite.close(),
  }
}
