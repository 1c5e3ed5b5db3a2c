// Bulk import and export of the catalog (issue 21): an admin uploads a CSV or JSON file, sees a
// dry run per row (create, update with the changed columns, unchanged, error with German texts
// per field), then runs the import in chunks (the page polls the progress) and downloads the
// per-row error report. The export writes the whole catalog in the same columns
// (docs/catalog-import.md); the rows land through the catalog's own product functions.
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { c, errorBody } from './errors.ts'
import { INT4_MAX, int, text } from './fields.ts'

const ISSUE = 'issue 21 bulk import and export; the spec has none'
const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const NotFound = errorBody(z.enum(['not_found']))
const file = c.otherResponse({
  contentType: 'application/octet-stream',
  body: c.type<Uint8Array>(),
})

/** The largest file the import takes (bytes, before base64). */
export const CATALOG_IMPORT_MAX_BYTES = 15 * 1024 * 1024
/** The most rows one file may carry. */
export const CATALOG_IMPORT_MAX_ROWS = 50_000
/** A ZIP archive (the file plus its pictures) at most (bytes, before base64). */
export const CATALOG_IMPORT_ZIP_MAX_BYTES = 80 * 1024 * 1024
/** All entries of a ZIP archive unpacked at most (bytes): the bound against ZIP bombs. */
export const CATALOG_IMPORT_ZIP_MAX_UNPACKED = 200 * 1024 * 1024
/** Entries of a ZIP archive at most (files and folders). */
export const CATALOG_IMPORT_ZIP_MAX_ENTRIES = 5000

/** skip_bad_rows: good rows land, bad rows are reported; refuse_file: any bad row stops all. */
export const CatalogImportModeSchema = z.enum(['skip_bad_rows', 'refuse_file'])
export type CatalogImportMode = z.infer<typeof CatalogImportModeSchema>

export const CatalogImportStatusSchema = z.enum(['checked', 'running', 'done', 'refused'])
export type CatalogImportStatus = z.infer<typeof CatalogImportStatusSchema>

export const CatalogImportCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
})
export type CatalogImportCounts = z.infer<typeof CatalogImportCountsSchema>

export const CatalogImportSummarySchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(['csv', 'json']),
  /** The file came in a ZIP archive with pictures (the `bilder` column). */
  archive: z.boolean(),
  /** utf-8, utf-8-bom or windows-1252 (detected). */
  encoding: z.string(),
  /** The detected CSV delimiter; null for JSON. */
  delimiter: z.string().nullable(),
  columns: z.array(z.string()),
  mode: CatalogImportModeSchema.nullable(),
  status: CatalogImportStatusSchema,
  total: z.number().int(),
  processed: z.number().int(),
  /** The dry run's counts while checked, the run's counts once running. */
  counts: CatalogImportCountsSchema,
})
export type CatalogImportSummary = z.infer<typeof CatalogImportSummarySchema>

export const CatalogImportRowSchema = z.object({
  /** CSV: the row as a spreadsheet numbers it (header = 1); JSON: the entry's position (from 1). */
  line: z.number().int(),
  articleNumber: z.string().nullable(),
  ean: z.string().nullable(),
  name: z.string().nullable(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  changes: z.array(
    z.object({ column: z.string(), before: z.string().nullable(), after: z.string() }),
  ),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
  /**
   * ZIP import with a `bilder` cell: what happens to the product's pictures (file names of the
   * archive for added ones; positions from 1 of the current ones for removed ones).
   */
  pictures: z
    .object({
      added: z.array(z.string()),
      removed: z.array(z.number().int()),
      reordered: z.boolean(),
      altChanged: z.number().int(),
      /** The pictures after the import, in order. */
      after: z.array(z.object({ file: z.string(), alt: z.string(), isNew: z.boolean() })),
    })
    .optional(),
})
export type CatalogImportRow = z.infer<typeof CatalogImportRowSchema>

export const CatalogImportUploadBodySchema = z.object({
  fileName: text(1, 200),
  /**
   * The file's bytes, base64 (the encoding is detected from the bytes): a CSV or JSON file (at
   * most CATALOG_IMPORT_MAX_BYTES) or a ZIP archive with one of them and its pictures.
   */
  contentBase64: z
    .string()
    .min(1)
    .max(Math.ceil((CATALOG_IMPORT_ZIP_MAX_BYTES * 4) / 3) + 4),
})

const FileProblem = errorBody(
  z.enum([
    'catalog_import_file_invalid',
    'catalog_import_file_empty',
    'catalog_import_too_many_rows',
    'catalog_import_key_missing',
    'catalog_import_column_unknown',
    'catalog_import_file_too_large',
    'catalog_import_zip_invalid',
    'catalog_import_zip_too_large',
    'catalog_import_zip_bomb',
    'catalog_import_zip_too_many_entries',
    'catalog_import_zip_name_invalid',
    'catalog_import_zip_no_data_file',
    'catalog_import_zip_many_data_files',
    'catalog_import_pictures_need_zip',
  ]),
)

const ImportParams = z.object({ id: z.coerce.number().int().min(1).max(INT4_MAX) })

export const backofficeImportContract = c.router({
  checkImport: {
    method: 'POST',
    path: '/api/staff/catalog/imports',
    body: CatalogImportUploadBodySchema,
    responses: {
      200: z.object({ import: CatalogImportSummarySchema, rows: z.array(CatalogImportRowSchema) }),
      401: Unauthorized,
      422: FileProblem,
    },
    metadata: staffOnly('admin'),
    summary: `Reads an import file and answers the dry run per row; nothing in the catalog changes (${ISSUE})`,
  },
  runImport: {
    method: 'POST',
    path: '/api/staff/catalog/imports/:id/run',
    pathParams: ImportParams,
    body: z.object({ mode: CatalogImportModeSchema, chunkSize: int(1, 5000).optional() }),
    responses: {
      200: z.object({ import: CatalogImportSummarySchema }),
      401: Unauthorized,
      404: NotFound,
    },
    metadata: staffOnly('admin'),
    summary: `Imports the next chunk of a checked file (call again until done; the first call fixes the mode) (${ISSUE})`,
  },
  getImport: {
    method: 'GET',
    path: '/api/staff/catalog/imports/:id',
    pathParams: ImportParams,
    responses: {
      200: z.object({ import: CatalogImportSummarySchema }),
      401: Unauthorized,
      404: NotFound,
    },
    metadata: staffOnly('admin'),
    summary: `An import's state and counts (${ISSUE})`,
  },
  getImportErrors: {
    method: 'GET',
    path: '/api/staff/catalog/imports/:id/errors.csv',
    pathParams: ImportParams,
    responses: { 200: file, 401: Unauthorized, 404: NotFound },
    metadata: staffOnly('admin'),
    summary: `The per-row error report as CSV (UTF-8 with BOM, ";"): the run's errors, else the dry run's (${ISSUE})`,
  },
  exportCatalog: {
    method: 'GET',
    path: '/api/staff/catalog/export',
    query: z.object({
      format: z.enum(['csv', 'json']),
      /** zip: a ZIP archive with the file (with the `bilder` column) and every picture's original. */
      archive: z.enum(['zip']).optional(),
    }),
    responses: { 200: file, 401: Unauthorized },
    metadata: staffOnly('admin'),
    summary: `The whole catalog in the import's columns (CSV: UTF-8 with BOM and ";" for Excel), optionally as a ZIP with the pictures (${ISSUE})`,
  },
})
