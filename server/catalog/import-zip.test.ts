import { strToU8, type Zippable, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  formatPictureCell,
  looksLikeZip,
  parsePictureCell,
  readZipArchive,
  unsafeEntryName,
} from './import-zip.ts'

const zip = (files: Zippable) => zipSync(files)

describe('the bilder cell', () => {
  it('reads names in order with optional alt texts', () => {
    expect(parsePictureCell(' a.jpg = Vorderseite | b.png |c.webp=Seite mit = Zeichen')).toEqual([
      { file: 'a.jpg', alt: 'Vorderseite' },
      { file: 'b.png', alt: '' },
      { file: 'c.webp', alt: 'Seite mit = Zeichen' },
    ])
  })

  it('is empty for an empty cell and skips empty items', () => {
    expect(parsePictureCell('')).toEqual([])
    expect(parsePictureCell('a.jpg||b.jpg|')).toEqual([
      { file: 'a.jpg', alt: '' },
      { file: 'b.jpg', alt: '' },
    ])
  })

  it('refuses an alt text without a file', () => {
    expect(parsePictureCell('=nur Text')).toBeNull()
  })

  it('reads JSON lists of names or objects', () => {
    expect(parsePictureCell('["a.jpg", {"datei": "b.jpg", "alt": "Rückseite"}]')).toEqual([
      { file: 'a.jpg', alt: '' },
      { file: 'b.jpg', alt: 'Rückseite' },
    ])
    expect(parsePictureCell('[{"datei": "b.jpg", "text": "x"}]')).toBeNull()
    expect(parsePictureCell('[oops')).toBeNull()
  })

  it('writes what it reads, escaping bars, equals signs and backslashes', () => {
    const refs = [
      { file: 'bilder/a|1.jpg', alt: 'A = B | C \\ D' },
      { file: 'b.jpg', alt: '' },
    ]
    const cell = formatPictureCell(refs)
    expect(cell).toBe('bilder/a\\|1.jpg=A \\= B \\| C \\\\ D|b.jpg')
    expect(parsePictureCell(cell)).toEqual(refs)
  })
})

describe('entry names', () => {
  it('refuses paths that would leave a folder', () => {
    for (const name of [
      '../a.jpg',
      'x/../../a.jpg',
      '/etc/passwd',
      'C:/a.jpg',
      'a\\b.jpg',
      'a\u0000.jpg',
    ]) {
      expect(unsafeEntryName(name), name).toBe(true)
    }
    for (const name of ['a.jpg', 'bilder/a..b.jpg', 'ä ö/ü.png']) {
      expect(unsafeEntryName(name), name).toBe(false)
    }
  })
})

describe('readZipArchive', () => {
  it('finds the one data file and the other entries, skipping folders and OS clutter', () => {
    const read = readZipArchive(
      zip({
        'import/katalog.csv': strToU8('artikelnummer\n1234567\n'),
        'import/bilder/a.jpg': strToU8('jpeg'),
        '__MACOSX/import/._a.jpg': strToU8('x'),
        'import/.DS_Store': strToU8('x'),
      }),
    )
    if (!read.ok) throw new Error(read.code)
    expect(read.value.dataFile.name).toBe('import/katalog.csv')
    expect(read.value.dataFile.bytes.toString()).toBe('artikelnummer\n1234567\n')
    expect([...read.value.entries.keys()]).toEqual(['import/bilder/a.jpg'])
  })

  it('refuses archives without or with several data files', () => {
    expect(readZipArchive(zip({ 'a.jpg': strToU8('x') }))).toMatchObject({
      ok: false,
      code: 'catalog_import_zip_no_data_file',
    })
    expect(readZipArchive(zip({ 'a.csv': strToU8('x'), 'b.json': strToU8('[]') }))).toMatchObject({
      ok: false,
      code: 'catalog_import_zip_many_data_files',
    })
  })

  it('refuses bad archives, traversal names and bombs', () => {
    expect(readZipArchive(strToU8('PK\u0003\u0004 not really'))).toMatchObject({
      ok: false,
      code: 'catalog_import_zip_invalid',
    })
    const whole = zip({ 'a.csv': strToU8('artikelnummer\n'.repeat(1000)) })
    expect(readZipArchive(whole.subarray(0, whole.length - 40))).toMatchObject({ ok: false })
    expect(readZipArchive(zip({ '../a.csv': strToU8('x') }))).toMatchObject({
      ok: false,
      code: 'catalog_import_zip_name_invalid',
    })
    const bomb = zip({ 'a.csv': new Uint8Array(12 * 1024 * 1024) })
    expect(bomb.length).toBeLessThan(100_000)
    expect(readZipArchive(bomb)).toMatchObject({ ok: false, code: 'catalog_import_zip_bomb' })
  })

  it('marks a picture declared larger than 10 MB without unpacking it', () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    for (let i = 0; i < big.length; i += 1) big[i] = (i * 2654435761) >>> 24
    const read = readZipArchive(zipSync({ 'a.csv': strToU8('x'), 'big.jpg': [big, { level: 0 }] }))
    if (!read.ok) throw new Error(read.code)
    expect(read.value.entries.get('big.jpg')).toEqual({ tooLarge: true })
  })

  it('knows a ZIP by its first bytes', () => {
    expect(looksLikeZip(zip({ 'a.csv': strToU8('x') }))).toBe(true)
    expect(looksLikeZip(strToU8('artikelnummer;name'))).toBe(false)
  })
})
