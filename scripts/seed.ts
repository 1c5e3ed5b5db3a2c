// npm run db:seed [-- --products 10000]: migrates and seeds an empty database
// (DATABASE_URL, or the embedded Postgres in .data/).
import { parseArgs } from 'node:util'
import { openDatabase, runMigrations } from '#db/index.ts'
import { DEFAULT_PRODUCT_COUNT, seedIfEmpty } from '#db/seed/index.ts'
import { hashPassword } from '#server/platform/password.ts'

const { values } = parseArgs({ options: { products: { type: 'string' } } })
const products = values.products ? Number(values.products) : DEFAULT_PRODUCT_COUNT
if (!Number.isInteger(products) || products < 1) {
  console.error('--products must be a positive integer')
  process.exit(1)
}
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '.data',
})
try {
  await runMigrations(database.url)
  const seeded = await seedIfEmpty(database.db, { products, hashPassword })
  console.log(
    seeded ? `seeded (${products} products)` : 'database already has data: nothing seeded',
  )
} finally {
  await database.shutdown()
}
