import { describe, expect, it } from 'vitest'
import { normalizeSearchText } from '#db/schema/catalog.ts'
import { buildSuggestIndex, matchPrefix, querySuggestIndex } from './suggest-index.ts'

const row = (id: number, name: string, extra = '', categoryId = 1) => ({
  id,
  name,
  categoryId,
  searchName: normalizeSearchText(name),
  searchExtra: normalizeSearchText(extra),
})

// Rank order: best sellers first (as selectSuggestionSource reads them).
const index = buildSuggestIndex([
  row(7, 'PC Gaming System mit RTX 4070', 'Komplett-PCs'),
  row(3, 'MSI GeForce RTX 4070 Ventus, 12 GB', 'Grafikkarten PCIe 4.0', 2),
  row(5, 'ASUS GeForce RTX 4060 Dual', 'Grafikkarten', 2),
  row(9, 'Samsung Odyssey G5 Monitor', 'Monitore 27 Zoll'),
  row(4, 'Gigabyte RTX 4070 Super Eagle', 'Grafikkarten', 2),
  row(11, 'Samsung Galaxy S24', 'Smartphones'),
])

function ids(typed: string, limit = 10): number[] {
  const found: number[] = []
  querySuggestIndex(index, normalizeSearchText(typed).split(' '), (hit) => {
    found.push(hit.id)
    return found.length >= limit
  })
  return found
}

describe('suggestion index', () => {
  it('finds products whose words start with every typed word', () => {
    expect(ids('rtx 40')).toEqual([4, 3, 5, 7])
    expect(ids('rtx 4070')).toEqual([4, 3, 7])
    expect(ids('odys')).toEqual([9])
    expect(ids('xyz')).toEqual([])
  })

  it('puts names holding every word first, the earlier the first word the better, then best sellers', () => {
    expect(ids('geforce rtx')).toEqual([3, 5])
    // The same place: best sellers first.
    expect(ids('samsung')).toEqual([9, 11])
    // "4070" at 13 (Gigabyte), 16 (MSI), 25 (the PC).
    expect(ids('4070')).toEqual([4, 3, 7])
    // "Grafikkarten" is only in the category: after every name match.
    expect(ids('rtx grafikk')).toEqual([4, 3, 5])
    expect(ids('rtx 4070 gaming')).toEqual([7])
  })

  it('stops when the caller has enough', () => {
    expect(ids('rtx', 2)).toEqual([4, 3])
  })

  it('matches whole words with a German ending by their stem', () => {
    expect(matchPrefix('grafikkarten')).toBe('grafikkart')
    expect(matchPrefix('monitore')).toBe('monitor')
    expect(matchPrefix('maus')).toBe('maus')
    expect(matchPrefix('4070')).toBe('4070')
    expect(ids('monitoren')).toEqual([9])
  })
})
