import { describe, expect, it } from 'vitest'
import {
  draftFromSelected,
  draftToStrings,
  listingHref,
  listingParams,
  sameDraft,
  setRange,
  toggleValue,
} from './filter-state.ts'

describe('listing URLs', () => {
  it('reads filters, sort and page; foreign parameters are not filters', () => {
    const params = listingParams(
      new URLSearchParams(
        'preis=300-900&hersteller=msi,asus&sortierung=preis-aufsteigend&seite=2&utm_source=mail',
      ),
    )
    expect(params).toEqual({
      filter: 'hersteller=asus,msi&preis=300-900',
      sort: 'preis-aufsteigend',
      page: 2,
    })
  })

  it('merges repeated keys (forms without JavaScript) and falls back for bad sort and page', () => {
    const params = listingParams(
      new URLSearchParams('hersteller=msi&hersteller=asus&sortierung=x&seite=-1'),
    )
    expect(params).toEqual({ filter: 'hersteller=asus,msi', sort: 'relevanz', page: 1 })
    expect(listingParams(new URLSearchParams('')).filter).toBeUndefined()
  })

  it('passes malformed values on unchanged, so the API can refuse them', () => {
    expect(listingParams(new URLSearchParams('preis=abc')).filter).toBe('preis=abc')
  })

  it('builds readable, shareable URLs', () => {
    const draft = draftFromSelected(['hersteller=asus,msi', 'preis=300-900'])
    expect(listingHref('/kategorie/grafikkarten', draft)).toBe(
      '/kategorie/grafikkarten?hersteller=asus,msi&preis=300-900',
    )
    expect(listingHref('/kategorie/grafikkarten', {}, 'bestseller', 3)).toBe(
      '/kategorie/grafikkarten?sortierung=bestseller&seite=3',
    )
    expect(listingHref('/kategorie/grafikkarten', {})).toBe('/kategorie/grafikkarten')
  })
})

describe('filter draft', () => {
  it('toggles checkbox values and drops empty filters', () => {
    let draft = toggleValue({}, 'hersteller', 'asus')
    draft = toggleValue(draft, 'hersteller', 'msi')
    expect(draftToStrings(draft)).toEqual(['hersteller=asus,msi'])
    draft = toggleValue(toggleValue(draft, 'hersteller', 'asus'), 'hersteller', 'msi')
    expect(draft).toEqual({})
  })

  it('keeps a price range unless its bounds are empty or at the ends of the range', () => {
    const bounds = { min: 100, max: 2000 }
    expect(setRange({}, 'preis', 300, 900, bounds)).toEqual({ preis: ['300-900'] })
    expect(setRange({}, 'preis', 100, 2000, bounds)).toEqual({})
    expect(setRange({}, 'preis', null, 900, bounds)).toEqual({ preis: ['-900'] })
    expect(setRange({}, 'preis', 900, 300, bounds)).toEqual({ preis: ['300-900'] })
    expect(setRange({}, 'preis', 200, 2500, bounds)).toEqual({ preis: ['200-2500'] })
  })

  it('compares drafts regardless of order', () => {
    expect(sameDraft({ a: ['x', 'y'], b: ['z'] }, { b: ['z'], a: ['y', 'x'] })).toBe(true)
    expect(sameDraft({ a: ['x'] }, {})).toBe(false)
  })
})
