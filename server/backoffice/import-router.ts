// Thin handlers of the back office's catalog import and export (issue 21, admins only by the
// contract). The catalog reads, plans and lands the rows; each run call is one transaction that
// also writes the audit entry when the import ends (one entry per import, with its counts), and
// drops this process's catalog cache after a chunk that changed products.
import { CATALOG_IMPORT_MAX_BYTES, CATALOG_IMPORT_MAX_ROWS } from '#contract/backoffice-import.ts'
import { contract } from '#contract/index.ts'
import type { MessageParams } from '#contract/messages.de.ts'
import {
  catalogCache,
  catalogImportErrors,
  catalogImportSummary,
  checkCatalogImport,
  exportCatalog,
  importErrorReport,
  runCatalogImportChunk,
} from '#server/catalog/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s, sendFile } from '#server/platform/http.ts'
import { actorOf, writeAudit } from './audit.ts'

export const backofficeImportRouter = s.router(contract.backofficeImport, {
  checkImport: async ({ req, body }) => {
    const staff = await actorOf(req)
    const bytes = Buffer.from(body.contentBase64, 'base64')
    const result = await checkCatalogImport(
      req.ctx.db,
      {
        fileName: body.fileName,
        bytes,
        staffId: staff.staffId,
        maxBytes: CATALOG_IMPORT_MAX_BYTES,
      },
      CATALOG_IMPORT_MAX_ROWS,
      req.ctx.clock.now(),
    )
    if (!result.ok) {
      const params: MessageParams | undefined =
        result.code === 'catalog_import_column_unknown'
          ? { column: result.data?.column ?? '' }
          : result.code === 'catalog_import_too_many_rows'
            ? { max: CATALOG_IMPORT_MAX_ROWS }
            : result.data
              ? (Object.fromEntries(
                  Object.entries(result.data).filter(([, value]) => value !== undefined),
                ) as MessageParams)
              : undefined
      return respond(result.code, undefined, params)
    }
    return { status: 200, body: { import: result.value.summary, rows: result.value.rows } }
  },

  runImport: async ({ req, params, body }) => {
    const staff = await actorOf(req)
    const now = req.ctx.clock.now()
    const outcome = await req.ctx.db.transaction(async (tx) => {
      const chunk = await runCatalogImportChunk(tx, params.id, body, now)
      if (chunk?.finished) {
        await writeAudit(
          req,
          { staffId: staff.staffId, email: staff.email },
          {
            action: 'catalog.import',
            target: { type: 'catalog_import', id: params.id },
            before: null,
            after: {
              fileName: chunk.summary.fileName,
              mode: chunk.summary.mode,
              status: chunk.summary.status,
              total: chunk.summary.total,
              counts: chunk.summary.counts,
            },
          },
          tx,
        )
      }
      return chunk
    })
    if (!outcome) return respond('not_found')
    if (outcome.changed) catalogCache(req.ctx).invalidate()
    return { status: 200, body: { import: outcome.summary } }
  },

  getImport: async ({ req, params }) => {
    const summary = await catalogImportSummary(req.ctx.db, params.id)
    return summary ? { status: 200, body: { import: summary } } : respond('not_found')
  },

  getImportErrors: async ({ req, res, params }) => {
    const report = await catalogImportErrors(req.ctx.db, params.id)
    if (!report) return respond('not_found')
    const base = report.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import'
    return sendFile(res, {
      filename: `fehler-${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      content: importErrorReport(report.errors),
    })
  },

  exportCatalog: async ({ req, res, query }) =>
    sendFile(
      res,
      await exportCatalog(req.ctx.db, query.format, req.ctx.clock.now(), query.archive),
    ),
})
