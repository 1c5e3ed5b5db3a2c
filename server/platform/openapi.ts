// The contract as an OpenAPI 3 document (GET /api/openapi.json) and a browsable page (/api/docs).
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { generateOpenApi } from '@ts-rest/open-api'
import express, { type RequestHandler } from 'express'
import { contract } from '#contract/index.ts'

let cached: object | undefined

export function openApiDocument(): object {
  cached ??= generateOpenApi(
    contract,
    {
      info: {
        title: 'Bitwerk Shop-API',
        version: '1.0.0',
        description:
          'Every call of the shop, generated from the ts-rest contract. Errors answer { code, message }; ' +
          'requests that fail the contract answer 400 with field codes. Messages are German.',
      },
    },
    { setOperationId: 'concatenated-path', jsonQuery: false },
  )
  return cached
}

const DOCS_HTML = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bitwerk Shop-API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`

const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true })`

/** Only requests for the docs enter their router (every API request would, issue 23). */
const DOCS_PATH = /^\/api\/(?:docs(?:\/|$)|openapi\.json\/?$)/i

export function apiDocsRouter(): RequestHandler {
  const router = express.Router()
  const require = createRequire(import.meta.url)
  const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'))
  router.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument())
  })
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(DOCS_HTML)
  })
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('js').send(INIT_JS)
  })
  router.use('/api/docs/assets', express.static(swaggerDir, { index: false }))
  return (req, res, next) => (DOCS_PATH.test(req.path) ? router(req, res, next) : next())
}
