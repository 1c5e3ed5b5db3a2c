// The shop as Playwright meets it: production build, a fresh database on the test Postgres
// (seeded like `npm start`), on the port the Playwright config chose. Stops cleanly on SIGTERM.
import { createDb } from '#db/client.ts'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/platform/config.ts'
import { createLogger } from '#server/platform/log.ts'
import { createProductionRenderer } from '#server/platform/render.ts'
import { cloneTemplate, createTemplate } from './template.ts'
import { startTestServer } from './test-db.ts'

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
})
const log = createLogger(config.logLevel)
const server = await startTestServer()
const template = `e2e_template_${process.pid}`
await createTemplate(server.adminUrl, template)
const database = createDb(await cloneTemplate(server.adminUrl, template, 'e2e'), { max: 20 })
const renderer = await createProductionRenderer({
  origin: config.publicUrl,
  whiteLabel: config.whiteLabel,
})
const app = createApp({ db: database.db, config, log, renderer })
const http = app.listen(config.port, '127.0.0.1', () =>
  log.warn(`e2e shop on http://127.0.0.1:${config.port}`),
)

async function stop() {
  http.closeAllConnections()
  http.close()
  await database.close()
  await server.stop()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
