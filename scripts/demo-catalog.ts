// Writes the demo catalog's data file (db/seed/demo-catalog.json) from the generator:
// `npm run demo-catalog`. The file is checked in; the first start imports it through the back
// office's importer. `--check` only compares (exit 1 when the file is out of date).
import { readFileSync, writeFileSync } from 'node:fs'
import { DEMO_CATALOG_FILE, demoCatalogJson } from '#db/seed/demo-catalog.ts'
import { DEFAULT_PRODUCT_COUNT } from '#db/seed/index.ts'

const text = demoCatalogJson(DEFAULT_PRODUCT_COUNT)
if (process.argv.includes('--check')) {
  const current = readFileSync(DEMO_CATALOG_FILE, 'utf8')
  if (current !== text) {
    console.error('db/seed/demo-catalog.json is out of date: run npm run demo-catalog')
    process.exit(1)
  }
  console.log('db/seed/demo-catalog.json is up to date')
} else {
  writeFileSync(DEMO_CATALOG_FILE, text)
  console.log(
    `wrote db/seed/demo-catalog.json (${DEFAULT_PRODUCT_COUNT} products, ${text.length} bytes)`,
  )
}
