// The file format of the catalog import and export (issue 21, docs/catalog-import.md): one column
// set for CSV and JSON, the encodings German tools write (UTF-8 with or without BOM,
// Windows-1252), the delimiter `;` or `,` detected, prices in euros with a decimal comma.
// Reading is csv-parse; writing csv-stringify (UTF-8 with BOM and `;`, which Excel opens as is).
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { CatalogImportCell, CatalogImportRecord } from '#db/schema/catalog.ts'
import { err, ok, type Result } from '#server/platform/result.ts'

/** The fixed columns, in export order; `attr:<key>` columns follow, one per filter attribute. */
export const BASE_COLUMNS = [
  'artikelnummer',
  'ean',
  'name',
  'hersteller',
  'herstellernummer',
  'kategorie',
  'preis',
  'campus_preis',
  'streichpreis',
  'bestand',
  'lieferzeit',
  'status',
  'kurztext',
  'beschreibung',
  'modellreihe',
  'uvp',
  'max_bestellmenge',
  'energieklasse',
  'energieskala',
  'energieverbrauch',
  'eprel_nummer',
  'garantien',
  'sicherheitshinweise',
  'grossgeraet',
  'akku',
  'technische_daten',
] as const
export type BaseColumn = (typeof BASE_COLUMNS)[number]
/**
 * The pictures of a row (ZIP import and the ZIP export only): file names inside the archive,
 * separated by `|`, each optionally with `=alt text` (server/catalog/import-zip.ts).
 */
export const PICTURE_COLUMN = 'bilder'
export const ATTRIBUTE_PREFIX = 'attr:'

/** Prices in euros: a decimal comma in CSV, numbers in JSON. */
export const EURO_COLUMNS: ReadonlySet<string> = new Set([
  'preis',
  'campus_preis',
  'streichpreis',
  'uvp',
])
/** Whole numbers: numbers in JSON. */
export const WHOLE_NUMBER_COLUMNS: ReadonlySet<string> = new Set([
  'bestand',
  'max_bestellmenge',
  'energieverbrauch',
])
/** Lists: a JSON array (in a CSV cell its JSON text). */
export const LIST_COLUMNS: ReadonlySet<string> = new Set([
  'garantien',
  'sicherheitshinweise',
  'technische_daten',
])
/** Yes/no: „ja“ / „nein“ (JSON: true / false). */
export const YES_NO_COLUMNS: ReadonlySet<string> = new Set(['grossgeraet', 'akku'])

export type FileFacts = {
  format: 'csv' | 'json'
  encoding: 'utf-8' | 'utf-8-bom' | 'windows-1252'
  delimiter: ';' | ',' | null
  columns: string[]
  records: CatalogImportRecord[]
}

export type FileProblem =
  | 'catalog_import_file_invalid'
  | 'catalog_import_file_empty'
  | 'catalog_import_key_missing'
  | 'catalog_import_column_unknown'

/** UTF-8 (a BOM is noted and dropped) when the bytes are valid UTF-8, else Windows-1252. */
export function decodeFile(bytes: Uint8Array): { text: string; encoding: FileFacts['encoding'] } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}

/** `;` or `,`: whichever the header line holds more of (outside quotes). */
export function detectDelimiter(text: string): ';' | ',' {
  const header = text.slice(0, Math.max(0, text.search(/\r?\n/)) || text.length)
  const unquoted = header.replace(/"[^"]*"/g, '')
  const semicolons = unquoted.split(';').length
  const commas = unquoted.split(',').length
  return commas > semicolons ? ',' : ';'
}

function normalizeHeader(name: string): string {
  const trimmed = name.trim().toLowerCase()
  return trimmed.startsWith(ATTRIBUTE_PREFIX)
    ? `${ATTRIBUTE_PREFIX}${trimmed.slice(ATTRIBUTE_PREFIX.length).trim()}`
    : trimmed
}

/** Reads the file: format (by name and content), encoding, delimiter, the rows by column. */
export function readImportFile(
  fileName: string,
  bytes: Uint8Array,
  attributeKeys: ReadonlySet<string>,
): Result<FileFacts, FileProblem, { column: string }> {
  const { text, encoding } = decodeFile(bytes)
  const start = text.trimStart()
  const isJson = /\.json$/i.test(fileName) || start.startsWith('[') || start.startsWith('{')
  let facts: Omit<FileFacts, 'columns'> & { columns: string[] }
  if (isJson) {
    let data: unknown
    try {
      data = JSON.parse(start)
    } catch {
      return err('catalog_import_file_invalid')
    }
    const list = Array.isArray(data)
      ? data
      : ((data as { products?: unknown } | null)?.products ?? null)
    if (!Array.isArray(list)) return err('catalog_import_file_invalid')
    const records: CatalogImportRecord[] = []
    const columns = new Set<string>()
    for (const [index, entry] of list.entries()) {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
        return err('catalog_import_file_invalid')
      }
      const values: Record<string, CatalogImportCell> = {}
      for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
        const column = normalizeHeader(key)
        columns.add(column)
        values[column] =
          value === null || ['string', 'number', 'boolean'].includes(typeof value)
            ? (value as CatalogImportCell)
            : JSON.stringify(value)
      }
      records.push({ line: index + 1, values })
    }
    facts = { format: 'json', encoding, delimiter: null, columns: [...columns], records }
  } else {
    const delimiter = detectDelimiter(text)
    let rows: string[][]
    try {
      rows = parse(text, {
        delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        trim: false,
      }) as string[][]
    } catch {
      return err('catalog_import_file_invalid')
    }
    const [header, ...body] = rows
    if (!header) return err('catalog_import_file_empty')
    const columns = header.map(normalizeHeader)
    const records = body
      .map((row, index) => ({ row, line: index + 2 }))
      .filter(({ row }) => row.some((cell) => cell.trim() !== ''))
      .map(({ row, line }) => ({
        line,
        values: Object.fromEntries(
          columns.map((column, at) => [column, unguardFormula(row[at] ?? '')]),
        ),
      }))
    facts = { format: 'csv', encoding, delimiter, columns, records }
  }
  const known = new Set<string>([...BASE_COLUMNS, PICTURE_COLUMN])
  const unknown = facts.columns.find(
    (column) =>
      !known.has(column) &&
      !(
        column.startsWith(ATTRIBUTE_PREFIX) &&
        attributeKeys.has(column.slice(ATTRIBUTE_PREFIX.length))
      ),
  )
  if (unknown !== undefined) return err('catalog_import_column_unknown', { column: unknown })
  if (!facts.columns.includes('artikelnummer') && !facts.columns.includes('ean')) {
    return err('catalog_import_key_missing')
  }
  if (facts.records.length === 0) return err('catalog_import_file_empty')
  return ok(facts)
}

// --- Cells ---------------------------------------------------------------------------------------

/** A cell as text: trimmed; JSON numbers in their plain form; null is empty. */
export function cellText(value: CatalogImportCell | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return value.trim()
}

/**
 * Euros to cents: "1299,00", "1.299,00", "1299", "1.299" (thousands), "1299.5" (a decimal point
 * when there is no comma), "19,99 €"; JSON numbers are euros. null: not a price.
 */
export function parseEuros(value: CatalogImportCell | undefined): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.round(value * 100) : null
  }
  let text = cellText(value).replace(/\s|€|EUR/gi, '')
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.')
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  const [whole = '0', fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Cents as the export writes them: "1299,00" (no thousands separator). */
export function formatEuros(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`
}

/** A whole number ("12", JSON 12); null: not one. */
export function parseWholeNumber(value: CatalogImportCell | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null
  const text = cellText(value).replace(/\./g, '')
  return /^\d{1,9}$/.test(text) ? Number(text) : null
}

// --- Writing -------------------------------------------------------------------------------------

/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell starting with = + - @ (or a tab or CR
 * before one) as a formula. The export writes such a text cell with a leading apostrophe, which
 * Excel and LibreOffice show as text; the importer removes exactly one again. A cell that already
 * starts with apostrophes before such a character gets one more, so the round trip stays lossless.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
const GUARDED_START = /^'+[=+\-@\t\r]/

export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** The CSV reader's inverse of guardFormula: one leading apostrophe before = + - @ tab CR goes. */
export function unguardFormula(cell: string): string {
  return GUARDED_START.test(cell) ? cell.slice(1) : cell
}

/**
 * CSV for Excel: UTF-8 with BOM, `;`, every line CRLF; text cells guarded against formulas.
 * `numeric` columns are written as numbers ("1299,00", "-5") and never guarded: the cell is the
 * number, and an apostrophe would turn it into text in the spreadsheet.
 */
export function writeCsv(
  columns: string[],
  rows: Record<string, string>[],
  numeric: ReadonlySet<string> = new Set(),
): Buffer {
  const body = stringify(
    rows.map((row) =>
      columns.map((column) =>
        numeric.has(column) ? (row[column] ?? '') : guardFormula(row[column] ?? ''),
      ),
    ),
    { header: true, columns, delimiter: ';', record_delimiter: '\r\n' },
  )
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body, 'utf8')])
}
