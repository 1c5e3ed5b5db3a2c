// The checked-in demo data file is exactly what `npm run demo-catalog` writes from the generator,
// so the two cannot drift apart (regenerate the file after changing the generator).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEMO_CATALOG_FILE, demoCatalogJson } from './demo-catalog.ts'
import { DEFAULT_PRODUCT_COUNT } from './index.ts'

describe('demo catalog file', () => {
  it('equals the generator output for the default size (npm run demo-catalog)', () => {
    const onDisk = readFileSync(DEMO_CATALOG_FILE, 'utf8')
    const generated = demoCatalogJson(DEFAULT_PRODUCT_COUNT)
    // Compare line by line first: a drift names the product instead of a 3 MB diff.
    const diskLines = onDisk.split('\n')
    const generatedLines = generated.split('\n')
    const firstDiff = generatedLines.findIndex((line, i) => line !== diskLines[i])
    expect(firstDiff === -1 ? null : diskLines[firstDiff]).toBe(
      firstDiff === -1 ? null : generatedLines[firstDiff],
    )
    expect(onDisk.length).toBe(generated.length)
  })

  it('holds the default number of products in the import format', () => {
    const file = JSON.parse(readFileSync(DEMO_CATALOG_FILE, 'utf8')) as {
      products: Record<string, unknown>[]
      demo: Record<string, unknown>
    }
    expect(file.products).toHaveLength(DEFAULT_PRODUCT_COUNT)
    expect(Object.keys(file.demo)).toHaveLength(DEFAULT_PRODUCT_COUNT)
    expect(new Set(file.products.map((p) => p.artikelnummer)).size).toBe(DEFAULT_PRODUCT_COUNT)
  })
})
