// Export of the whole catalog (issue 21) in the import's columns: CSV (UTF-8 with BOM and `;`, so
// Excel opens it with umlauts and columns right) or JSON (prices and stock as numbers). Every
// product is in it, inactive and retired ones too; re-importing the file changes nothing.
import { asc } from 'drizzle-orm'
import { type Zippable, zipSync } from 'fflate'
import type { DbOrTx } from '#db/client.ts'
import { products } from '#db/schema/catalog.ts'
import {
  catalogColumns,
  loadCatalogRefs,
  type ProductRow,
  productRecord,
  productRowColumns,
  warrantiesOf,
} from './import.ts'
import {
  EURO_COLUMNS,
  LIST_COLUMNS,
  PICTURE_COLUMN,
  WHOLE_NUMBER_COLUMNS,
  writeCsv,
  YES_NO_COLUMNS,
} from './import-format.ts'
import { formatPictureCell } from './import-zip.ts'
import { pictureOriginalsOf, productsWithPictures } from './pictures.ts'

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}
/** Products whose originals are read at once (each picture up to 10 MB). */
const PICTURE_BATCH = 50

/** Columns written as numbers in the CSV too: no formula guard (docs/catalog-import.md). */
const CSV_NUMERIC = new Set([...EURO_COLUMNS, ...WHOLE_NUMBER_COLUMNS])

/** A canonical record as a JSON entry: numbers, lists and yes/no as JSON values, empty as null. */
export function jsonEntry(columns: string[], record: Record<string, string>) {
  return Object.fromEntries(
    columns.map((column) => {
      const value = record[column] ?? ''
      if (YES_NO_COLUMNS.has(column)) return [column, value === 'ja']
      if (value === '') return [column, null]
      if (EURO_COLUMNS.has(column)) return [column, Number(value.replace(',', '.'))]
      if (WHOLE_NUMBER_COLUMNS.has(column)) return [column, Number(value)]
      if (LIST_COLUMNS.has(column)) return [column, JSON.parse(value) as unknown]
      return [column, value]
    }),
  )
}

export async function exportCatalog(
  db: DbOrTx,
  format: 'csv' | 'json',
  now: Date,
  archive?: 'zip',
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const refs = await loadCatalogRefs(db)
  const [plain, warranties] = await Promise.all([
    db.select(productRowColumns).from(products).orderBy(asc(products.articleNumber)),
    warrantiesOf(db, 'all'),
  ])
  const rows = (plain as Omit<ProductRow, 'warranties'>[]).map(
    (row): ProductRow => ({ ...row, warranties: warranties.get(row.id) ?? [] }),
  )
  const columns = catalogColumns(refs)
  const records = rows.map((row) => productRecord(row, refs))
  const stamp = now.toISOString().slice(0, 10)
  if (archive === 'zip') {
    // The file with its `bilder` column and every picture's original under bilder/, named after
    // the article number and position: re-importing the archive changes nothing.
    const files: Zippable = {}
    const cells = new Map<number, string>()
    const ids = await productsWithPictures(db)
    const numberById = new Map(rows.map((row) => [row.id, row.articleNumber ?? String(row.id)]))
    for (let at = 0; at < ids.length; at += PICTURE_BATCH) {
      const originals = await pictureOriginalsOf(db, ids.slice(at, at + PICTURE_BATCH))
      for (const [productId, pictures] of originals) {
        const refs = pictures.map((picture, i) => {
          const file = `bilder/${numberById.get(productId)}-${i + 1}.${EXTENSION[picture.mime] ?? 'bin'}`
          // Pictures are compressed already: stored, not deflated again.
          files[file] = [picture.original, { level: 0 }]
          return { file, alt: picture.alt }
        })
        cells.set(productId, formatPictureCell(refs))
      }
    }
    rows.forEach((row, i) => {
      const record = records[i]
      if (record) record[PICTURE_COLUMN] = cells.get(row.id) ?? ''
    })
    const withPictures = [...columns, PICTURE_COLUMN]
    const data =
      format === 'csv'
        ? writeCsv(withPictures, records, CSV_NUMERIC)
        : Buffer.from(
            `${JSON.stringify(
              records.map((record) => jsonEntry(withPictures, record)),
              null,
              1,
            )}\n`,
            'utf8',
          )
    files[`katalog-${stamp}.${format}`] = [data, { level: 6 }]
    return {
      filename: `katalog-${stamp}-${format}-mit-bildern.zip`,
      contentType: 'application/zip',
      content: Buffer.from(zipSync(files, { mtime: now })),
    }
  }
  if (format === 'csv') {
    return {
      filename: `katalog-${stamp}.csv`,
      contentType: 'text/csv; charset=utf-8',
      content: writeCsv(columns, records, CSV_NUMERIC),
    }
  }
  const entries = records.map((record) => jsonEntry(columns, record))
  return {
    filename: `katalog-${stamp}.json`,
    contentType: 'application/json; charset=utf-8',
    content: Buffer.from(`${JSON.stringify(entries, null, 1)}\n`, 'utf8'),
  }
}

/** The per-row error report as CSV for Excel. */
export function importErrorReport(
  errors: {
    line: number
    articleNumber: string | null
    ean: string | null
    column: string
    message: string
  }[],
): Buffer {
  // The report echoes the file's cells: guarded like the export; the line number is a number.
  return writeCsv(
    ['zeile', 'artikelnummer', 'ean', 'spalte', 'fehler'],
    errors.map((error) => ({
      zeile: String(error.line),
      artikelnummer: error.articleNumber ?? '',
      ean: error.ean ?? '',
      spalte: error.column,
      fehler: error.message,
    })),
    new Set(['zeile']),
  )
}
