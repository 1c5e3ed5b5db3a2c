import { describe, expect, it } from 'vitest'
import { pictureSummary, readableValue } from './import-values.ts'

describe('readableValue', () => {
  it('shows warranties, safety notes and technical data as German text', () => {
    expect(
      readableValue(
        'garantien',
        '[{"name":"2 Jahre Garantieverlängerung","monate":24,"preis":49.99}]',
      ),
    ).toMatch(/^2 Jahre Garantieverlängerung \(24 Monate, 49,99\s€\)$/)
    expect(readableValue('sicherheitshinweise', '["Nicht ins Wasser","Heiß"]')).toBe(
      '„Nicht ins Wasser“ · „Heiß“',
    )
    expect(
      readableValue(
        'technische_daten',
        '[{"gruppe":"Display","name":"Diagonale","wert":"40,6 cm"},{"gruppe":"CPU","name":"Kerne","wert":"16"}]',
      ),
    ).toBe('Display › Diagonale: 40,6 cm; CPU › Kerne: 16')
  })

  it('leaves other columns and unreadable lists as they are', () => {
    expect(readableValue('preis', '19,99')).toBe('19,99')
    expect(readableValue('garantien', 'kaputt')).toBe('kaputt')
    expect(readableValue('garantien', '')).toBe('(leer)')
    expect(readableValue('name', null)).toBe('(leer)')
  })
})

describe('pictureSummary', () => {
  it('sums up added, removed, reordered and renamed pictures', () => {
    expect(
      pictureSummary({
        added: ['neu.jpg'],
        removed: [2, 3],
        reordered: true,
        altChanged: 1,
        after: [
          { file: 'b.png', alt: 'Rückseite', isNew: false },
          { file: 'neu.jpg', alt: '', isNew: true },
        ],
      }),
    ).toBe(
      '1 Bild neu (neu.jpg) · Bilder 2, 3 entfernt · Reihenfolge geändert · 1 Alternativtext geändert; danach: 1. b.png „Rückseite“, 2. neu.jpg',
    )
    expect(
      pictureSummary({ added: [], removed: [1], reordered: false, altChanged: 0, after: [] }),
    ).toBe('Bild 1 entfernt; danach keine Bilder (die gezeichneten Ansichten)')
  })
})
