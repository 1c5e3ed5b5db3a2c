import { describe, expect, it } from 'vitest'
import { normalizeSearchText } from '#db/schema/catalog.ts'
import { seededRandom } from '#tests/support/random.ts'
import {
  applySuggestChanges,
  buildSuggestIndex,
  matchPrefix,
  querySuggestIndex,
  type SuggestIndex,
} from './suggest-index.ts'

const row = (id: number, name: string, extra = '', categoryId = 1) => ({
  id,
  name,
  categoryId,
  // Rank order is the order of the rows below; sold counts only decide merges with changes.
  soldCount: 0,
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

  it('emits name matches at the earliest place any name has as found, changed products merged in', () => {
    // "rtx" is nowhere at place 0: product 4 (place 1) comes first without waiting for the rest.
    expect(ids('rtx')).toEqual([4, 3, 5, 7])
    const sold = (id: number, name: string, soldCount: number, extra = '') => ({
      ...row(id, name, extra, 2),
      soldCount,
    })
    const rows = [
      sold(3, 'MSI GeForce RTX 4070 Ventus', 9),
      sold(4, 'Gigabyte RTX 4070 Super Eagle', 5),
      sold(6, 'Palit RTX 4060 Dual', 5),
      sold(8, 'ASUS TUF RTX 4080', 2),
    ]
    const changedIndex = buildSuggestIndex(rows)
    const now = [
      { ...sold(20, 'Zotac RTX 4070 Twin', 7), active: true },
      { ...sold(6, 'Palit Dual RTX 4060', 5), active: true },
      { ...sold(21, 'RTX 4090 Founders', 1), active: true },
    ]
    applySuggestChanges(changedIndex, [20, 6, 21, 4], now)
    const fresh = buildSuggestIndex(
      [rows[0]!, now[0]!, now[1]!, rows[3]!, now[2]!].sort(
        (a, b) => b.soldCount - a.soldCount || a.id - b.id,
      ),
    )
    for (const typed of ['rtx', 'rtx 40', '40', 'dual rtx'])
      for (const way of ['cheaper', 'words', 'postings'] as const)
        expect(hits(changedIndex, normalizeSearchText(typed).split(' '), 10, way), typed).toEqual(
          hits(fresh, normalizeSearchText(typed).split(' '), 10, way),
        )
  })

  it('stops when the caller has enough', () => {
    expect(ids('rtx', 2)).toEqual([4, 3])
  })

  it('shows a text once: the first product with it, in the order above', () => {
    const variants = buildSuggestIndex([
      row(1, 'Samsung 990 Pro, 1 TB'),
      row(2, 'Samsung 990 Pro, 2 TB'),
      row(3, 'Samsung 870 Evo, 1 TB'),
      row(4, 'Pro Samsung 990 (2024)'),
    ])
    const found: string[] = []
    querySuggestIndex(variants, ['990'], (hit) => {
      found.push(`${hit.id}:${hit.text}`)
      return false
    })
    // Product 4's text is "Pro Samsung 990" (the year in brackets is cut).
    expect(found).toEqual(['1:Samsung 990 Pro', '4:Pro Samsung 990'])
  })

  it('checks broad prefixes (short ones, common words) by their bit sets, with the same answers', () => {
    const rows = [...Array(300).keys()].map((i) =>
      row(
        i + 1,
        `${['Gigabyte', 'Samsung', 'G.Skill', 'Sony'][i % 4]} G${i % 7} Pro ${i % 11} X${i % 5}`,
        ['Grafikkarten 16 GB', 'Speicher', 'Gaming'][i % 3],
      ),
    )
    const plain = buildSuggestIndex(rows)
    const broad = buildSuggestIndex(rows, 40)
    expect(plain.broad.size).toBe(0)
    expect(broad.broad.size).toBeGreaterThan(10)
    // Common whole words too; prefixes with the same words share their bit sets.
    expect(broad.broad.has('samsung')).toBe(true)
    expect(broad.broad.get('grafikkarten')).toBe(broad.broad.get('gra'))
    for (const typed of [
      'g',
      'g 1',
      's p',
      'pro x',
      'gi g3',
      'g s 1',
      'x1 g',
      'spei g',
      '16 s',
      'samsung pro',
      'gaming 1',
      'grafikkarten samsung',
      'speicher g.skill',
      'sony g2 gaming',
    ]) {
      const tokens = normalizeSearchText(typed).split(' ')
      for (const way of ['cheaper', 'words', 'postings'] as const)
        expect(hits(broad, tokens, 50, way), `${typed} ${way}`).toEqual(
          hits(plain, tokens, 50, 'words'),
        )
    }
  })

  it('walks name matches of broad words first and emits them as the bound per block of ranks rises', () => {
    // 3,000 products (12 blocks of 256 ranks): the first typed word is late in most names and
    // early only in a few best sellers; short words also in the extra texts (group 1).
    const r = random(77)
    const source = (id: number) => {
      const early = r.next() < 0.03
      const words = [
        r.pick(['Lenovo', 'HP', 'Samsung', 'G.Skill']),
        `G${r.int(20)}`,
        r.pick(['2-in-1', 'Pro', 'Ultra', '']),
        `${1 + r.int(4)} TB`,
        r.pick(['SSD', 'Silber', 'Weiß', 'Gaming']),
      ]
      if (early) words.unshift(r.pick(['2 Stück', 'Gaming', 'Ultra']))
      return {
        ...row(
          id,
          words.filter(Boolean).join(' '),
          r.pick(['2 Jahre', 'Gaming Zubehör', 'Tablets 11 Zoll', '']),
        ),
        // The early ones rank first: the bound rises once the walk is past them.
        soldCount: early ? 100 + r.int(50) : r.int(50),
        active: true,
      }
    }
    let rows = Array.from({ length: 3000 }, (_, i) => source(i + 1))
    const broad = buildSuggestIndex(ranked(rows), 200)
    expect(broad.broad.has('2')).toBe(true)
    // Some products changed since the build (merged in at their place).
    const changedRows = [5, 700, 2900].map((id) => ({ ...source(id), soldCount: 60 }))
    applySuggestChanges(
      broad,
      [5, 700, 2900, 11],
      [...changedRows, { ...rows[10]!, active: false }],
    )
    rows = rows.map((x) => changedRows.find((c) => c.id === x.id) ?? x).filter((x) => x.id !== 11)
    const plain = buildSuggestIndex(ranked(rows))
    expect(plain.broad.size).toBe(0)
    for (const typed of ['2', '2 t', '2-in-1 g', 'g1 1 tb', 'gaming 1', 'u 2 t s', 'g s', 's 1']) {
      const tokens = normalizeSearchText(typed).split(' ')
      for (const limit of [1, 5, 40, 4000])
        for (const way of ['cheaper', 'words', 'postings'] as const)
          expect(hits(broad, tokens, limit, way), `${typed} ${limit} ${way}`).toEqual(
            hits(plain, tokens, limit, 'words'),
          )
    }
  })

  it('matches whole words with a German ending by their stem', () => {
    expect(matchPrefix('grafikkarten')).toBe('grafikkart')
    expect(matchPrefix('monitore')).toBe('monitor')
    expect(matchPrefix('maus')).toBe('maus')
    expect(matchPrefix('4070')).toBe('4070')
    expect(ids('monitoren')).toEqual([9])
  })
})

const random = seededRandom

type Source = ReturnType<typeof row> & { soldCount: number; active: boolean }

/** Rank order as selectSuggestionSource reads it: sold count desc, id. */
function ranked(rows: Source[]): Source[] {
  return rows.filter((r) => r.active).sort((a, b) => b.soldCount - a.soldCount || a.id - b.id)
}

function hits(
  index: SuggestIndex,
  tokens: string[],
  limit: number,
  way: 'cheaper' | 'postings' | 'words' = 'words',
): string[] {
  const found: string[] = []
  querySuggestIndex(
    index,
    tokens,
    (hit) => {
      found.push(`${hit.id}:${hit.text}:${hit.categoryId}`)
      return found.length >= limit
    },
    way,
  )
  return found
}

describe('suggestion index, changed by product ids', () => {
  it('answers like a full build after random changes', () => {
    const r = random(2311)
    const brands = ['Asus', 'MSI', 'Samsung', 'Gigabyte', 'Sony', 'Samson', 'Logitech', 'Zotac']
    const things = ['Monitor', 'Grafikkarte', 'Maus', 'Tastatur', 'Gaming', 'Headset', 'Monitorarm']
    const extras = ['Grafikkarten', 'Monitore 27 Zoll', 'Eingabegeräte', 'Gaming Zubehör', '']
    const name = () =>
      `${r.pick(brands)} ${r.pick(things)} ${r.pick(['X', 'Pro', 'Ultra', 'G5'])}${r.int(90)} ${r.next() < 0.3 ? r.pick(things) : ''}`.trim()
    const product = (id: number): Source => {
      const text = name()
      const extra = r.pick(extras)
      return {
        ...row(id, text, extra, 1 + r.int(5)),
        soldCount: r.int(30),
        active: r.next() < 0.95,
      }
    }
    let rows = Array.from({ length: 400 }, (_, i) => product(i + 1))
    let lastId = rows.length
    const probes = [
      ...brands,
      ...things,
      'sam',
      'mon',
      'gam',
      'pro',
      'monitor',
      'grafikkarten',
      'samsung mon',
      'mon sam',
      'asus gaming',
      'gaming zub',
      'ultra',
      'neu',
      'neuheit',
      'x1',
      'g5',
      's',
      'g p',
      'm 2',
      's g x',
      'pro s',
    ].map((typed) => normalizeSearchText(typed).split(' '))
    // Every third round's builds take short prefixes as broad (bit sets) from 30 postings on.
    const build = (list: Source[], round: number) =>
      round % 3 === 2 ? buildSuggestIndex(ranked(list), 30) : buildSuggestIndex(ranked(list))
    let index = build(rows, 0)
    for (let round = 0; round < 40; round += 1) {
      const changedIds: number[] = []
      for (let i = 0; i < 1 + r.int(25); i += 1) {
        const at = r.int(rows.length + 5)
        const kind = r.int(6)
        if (at >= rows.length) {
          // A new product, sometimes with a word no product had ("Neuheit").
          lastId += 1
          const added = product(lastId)
          if (r.next() < 0.5) added.searchName = `${added.searchName} neuheit${r.int(3)}`
          rows = [...rows, added]
          changedIds.push(added.id)
          continue
        }
        const old = rows[at]!
        const next: Source =
          kind === 0
            ? { ...old, soldCount: old.soldCount + 1 + r.int(5) }
            : kind === 1
              ? { ...old, active: !old.active }
              : kind === 2
                ? { ...product(old.id), active: old.active }
                : kind === 3
                  ? { ...old, categoryId: 1 + r.int(5) }
                  : { ...old } // unchanged (stock only): the built entry counts again
        rows = rows.map((x) => (x.id === old.id ? next : x))
        changedIds.push(old.id)
      }
      // Deleted products: named by the change, no row.
      const deleted = r.next() < 0.2 ? [rows[r.int(rows.length)]!.id] : []
      rows = rows.filter((x) => !deleted.includes(x.id))
      applySuggestChanges(
        index,
        [...changedIds, ...deleted],
        rows.filter((x) => changedIds.includes(x.id)),
      )
      const full = buildSuggestIndex(ranked(rows))
      for (const tokens of probes) {
        const limit = 1 + r.int(40)
        const expected = hits(full, tokens, limit)
        // Both ways of finding the typed words in the candidates.
        expect(hits(index, tokens, limit), `round ${round}: ${tokens.join(' ')}`).toEqual(expected)
        expect(
          hits(index, tokens, limit, 'postings'),
          `round ${round}: ${tokens.join(' ')}`,
        ).toEqual(expected)
        expect(
          hits(index, tokens, limit, 'cheaper'),
          `round ${round}: ${tokens.join(' ')}`,
        ).toEqual(expected)
      }
      if (r.next() < 0.15) index = build(rows, round) // as after a full build (too many changes)
    }
  })
})
