// The comparison table's rows: typed attributes first (catalog order), then technical data by
// group and name, one column per product, "–" left to the page (null), and `differs`.
import { describe, expect, it } from 'vitest'
import { buildRows } from './service.ts'

const option = (optionId: number, attributeKey: string, attributeName: string, text: string) => ({
  optionId,
  attributeKey,
  attributeName,
  text,
  postfix: null,
})

describe('buildRows', () => {
  it('lines attributes and technical data up by name, marking rows that differ', () => {
    const rows = buildRows(
      [
        {
          optionIds: [1, 3],
          specs: [
            { group: 'Technische Daten', name: 'Boost-Takt', value: '2500 MHz' },
            { group: 'Technische Daten', name: 'Grafikspeicher', value: '16 GB GDDR7' },
          ],
        },
        {
          optionIds: [2, 3],
          specs: [
            { group: 'Anschlüsse', name: 'Ausgänge', value: '3x DP' },
            { group: 'Technische Daten', name: 'Boost-Takt', value: '2500 MHz' },
          ],
        },
      ],
      [
        option(1, 'grafikspeicher', 'Grafikspeicher', '16 GB'),
        option(2, 'grafikspeicher', 'Grafikspeicher', '12 GB'),
        option(3, 'farbe', 'Farbe', 'Schwarz'),
      ],
    )
    expect(rows).toEqual([
      {
        key: 'attribute:grafikspeicher',
        group: 'Merkmale',
        name: 'Grafikspeicher',
        values: ['16 GB', '12 GB'],
        differs: true,
      },
      {
        key: 'attribute:farbe',
        group: 'Merkmale',
        name: 'Farbe',
        values: ['Schwarz', 'Schwarz'],
        differs: false,
      },
      {
        key: 'spec:Technische Daten:Boost-Takt',
        group: 'Technische Daten',
        name: 'Boost-Takt',
        values: ['2500 MHz', '2500 MHz'],
        differs: false,
      },
      {
        key: 'spec:Anschlüsse:Ausgänge',
        group: 'Anschlüsse',
        name: 'Ausgänge',
        values: [null, '3x DP'],
        differs: true,
      },
    ])
  })

  it('joins several options of one attribute and appends the postfix', () => {
    const rows = buildRows(
      [{ optionIds: [5, 6], specs: [] }],
      [
        { ...option(5, 'schnittstelle', 'Schnittstelle', 'USB-C'), postfix: null },
        { ...option(6, 'schnittstelle', 'Schnittstelle', 'HDMI'), postfix: null },
      ],
    )
    expect(rows[0]?.values).toEqual(['USB-C, HDMI'])
    const withUnit = buildRows(
      [{ optionIds: [7], specs: [] }],
      [{ ...option(7, 'displaygroesse', 'Displaygröße', '27'), postfix: 'Zoll' }],
    )
    expect(withUnit[0]?.values).toEqual(['27 Zoll'])
  })
})
