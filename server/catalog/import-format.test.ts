import { describe, expect, it } from 'vitest'
import { guardFormula, readImportFile, unguardFormula, writeCsv } from './import-format.ts'

const TRICKY = [
  '=HYPERLINK("http://example.com","klick")',
  '+49 30 1234',
  '-20 % Rabatt',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  "'=schon mit Apostroph",
  "''+zwei Apostrophe",
  "'nur Apostroph",
  "Rock 'n' Roll",
  'a=b',
  '',
  'Größe „M“',
]

describe('CSV formula guard', () => {
  it('prefixes text cells starting with = + - @ tab or CR with one apostrophe', () => {
    expect(guardFormula('=1+1')).toBe("'=1+1")
    expect(guardFormula('+1')).toBe("'+1")
    expect(guardFormula('-1')).toBe("'-1")
    expect(guardFormula('@x')).toBe("'@x")
    expect(guardFormula('\t=x')).toBe("'\t=x")
    expect(guardFormula('\r=x')).toBe("'\r=x")
    expect(guardFormula('Monitor')).toBe('Monitor')
    expect(guardFormula("'Monitor")).toBe("'Monitor")
  })

  it('removes exactly one leading apostrophe before = + - @ tab or CR, nothing else', () => {
    expect(unguardFormula("'=1+1")).toBe('=1+1')
    expect(unguardFormula("''=1+1")).toBe("'=1+1")
    expect(unguardFormula("'Monitor")).toBe("'Monitor")
    expect(unguardFormula('=1+1')).toBe('=1+1')
  })

  it('round-trips every text cell losslessly (guard, then unguard)', () => {
    for (const value of TRICKY) expect(unguardFormula(guardFormula(value))).toBe(value)
  })

  it('writes numeric columns as they are and reads the written file back to the same cells', () => {
    const columns = ['artikelnummer', 'name', 'beschreibung', 'preis', 'bestand']
    const rows = TRICKY.map((value, at) => ({
      artikelnummer: String(1_000_000 + at),
      name: value,
      beschreibung: value,
      preis: at === 0 ? '-5,00' : '19,99',
      bestand: '3',
    }))
    const csv = writeCsv(columns, rows, new Set(['preis', 'bestand']))
    const text = csv.subarray(3).toString('utf8')
    expect(text).toContain(`;"'=HYPERLINK(""http`)
    expect(text).toContain(`;'@SUM(A1:A2);`)
    expect(text).toContain(';-5,00;')
    const read = readImportFile('katalog.csv', csv, new Set())
    if (!read.ok) throw new Error(read.code)
    expect(read.value.records.map((record) => record.values.name)).toEqual(
      rows.map((row) => row.name),
    )
    expect(read.value.records.map((record) => record.values.beschreibung)).toEqual(
      rows.map((row) => row.beschreibung),
    )
    expect(read.value.records[0]?.values.preis).toBe('-5,00')
  })

  it('leaves JSON cells as they are (JSON is not opened as a spreadsheet)', () => {
    const json = JSON.stringify([{ artikelnummer: '1000001', name: "'=kein Schutz" }])
    const read = readImportFile('katalog.json', Buffer.from(json), new Set())
    if (!read.ok) throw new Error(read.code)
    expect(read.value.records[0]?.values.name).toBe("'=kein Schutz")
  })
})
