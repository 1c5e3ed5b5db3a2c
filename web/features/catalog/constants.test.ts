import { describe, expect, it } from 'vitest'
import * as contract from '#contract/catalog.ts'
import * as web from './constants.ts'

describe('catalog constants of the browser', () => {
  it('match the contract', () => {
    expect(web.PRODUCTS_PER_PAGE).toBe(contract.PRODUCTS_PER_PAGE)
    expect(web.LISTING_TEXT_LIMIT).toBe(contract.LISTING_TEXT_LIMIT)
    expect(web.SUGGESTION_MIN_CHARS).toBe(contract.SUGGESTION_MIN_CHARS)
    expect(web.SUGGESTION_LIMIT).toBe(contract.SUGGESTION_LIMIT)
    expect(web.MAX_PAGE).toBe(contract.MAX_PAGE)
    expect(web.PRICE_FILTER_KEY).toBe(contract.PRICE_FILTER_KEY)
    expect(web.CATEGORY_FILTER_KEY).toBe(contract.CATEGORY_FILTER_KEY)
    expect(web.SORT_OPTIONS.map((o) => o.value)).toEqual([...contract.CATALOG_SORTS])
  })
})
