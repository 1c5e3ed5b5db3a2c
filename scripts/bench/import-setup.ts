// The import benches' common ground (npm run bench:import, bench:import-pictures): a throw-away
// embedded Postgres with the demo catalog, its export as row templates, and the helpers that make
// new products' rows from them.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import postgres from 'postgres'
import { isValidGtin } from '#contract/fields.ts'
import { createDb, type Db } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { runMigrations } from '#db/migrate.ts'
import { DEFAULT_PRODUCT_COUNT, seedIfEmpty } from '#db/seed/index.ts'
import { exportCatalog } from '#server/catalog/index.ts'
import { hashPassword } from '#server/platform/password.ts'

/** A valid EAN-13 with the two-digit in-store prefix (20-29: never seeded). */
export function benchEan(prefix: string, n: number): string {
  const body = `${prefix}${String(n).padStart(10, '0')}`
  for (let check = 0; check <= 9; check += 1) {
    if (isValidGtin(`${body}${check}`)) return `${body}${check}`
  }
  throw new Error('no check digit')
}

/** Rows as the semicolon CSV German tools write (UTF-8). */
export function csvOf(rows: Record<string, string>[], columns: string[]): Buffer {
  const quote = (value: string) =>
    /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]
  return Buffer.from(lines.map((cells) => cells.map(quote).join(';')).join('\r\n'), 'utf8')
}

export type SeededCatalog = {
  db: Db
  url: string
  /** Every exported row of the demo catalog. */
  templates: Record<string, string>[]
  /** Active rows with a manufacturer part number: the templates for new products. */
  usable: Record<string, string>[]
  close: () => Promise<void>
}

/** A fresh database with the demo catalog (seeded as on first start) and its export. */
export async function seededCatalog(name: string): Promise<SeededCatalog> {
  const folder = await mkdtemp(join(tmpdir(), `shop-${name}-`))
  const pg = await startEmbeddedPostgres({ dataDir: join(folder, 'data'), persistent: false })
  const adminSql = postgres(pg.adminUrl, { max: 1 })
  await adminSql.unsafe('create database bench')
  await adminSql.end()
  const url = pg.adminUrl.replace(/\/postgres$/, '/bench')
  await runMigrations(url)
  const { db, close } = createDb(url, { max: 4 })
  const closeAll = async () => {
    await close()
    await pg.stop()
    await rm(folder, { recursive: true, force: true })
  }
  try {
    await seedIfEmpty(db, { products: DEFAULT_PRODUCT_COUNT, hashPassword })
    const exported = await exportCatalog(db, 'csv', new Date())
    const templates = parse(exported.content.subarray(3).toString('utf8'), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[]
    const usable = templates.filter((row) => row.status === 'aktiv' && row.herstellernummer)
    return { db, url, templates, usable, close: closeAll }
  } catch (error) {
    await closeAll()
    throw error
  }
}
