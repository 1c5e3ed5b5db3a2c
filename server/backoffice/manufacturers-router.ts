// Thin handlers of the manufacturers page (issues 20, 21): list for staff, create and edit for
// admins, each change audited; the process's catalog cache is dropped after the commit (the
// tables' triggers tell the other processes).
import { contract } from '#contract/index.ts'
import {
  catalogCache,
  createManufacturer,
  listManufacturersForStaff,
  updateManufacturer,
} from '#server/catalog/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { ok } from '#server/platform/result.ts'
import { auditedChange } from './audit.ts'

const MANUFACTURER = 'manufacturer'

export const backofficeManufacturersRouter = s.router(contract.backofficeManufacturers, {
  listManufacturers: async ({ req }) => ({
    status: 200,
    body: { manufacturers: await listManufacturersForStaff(req.ctx.db) },
  }),

  createManufacturer: async ({ req, body }) => {
    const result = await auditedChange(
      req,
      'manufacturer.create',
      { type: MANUFACTURER, id: body.brand },
      async (tx) => {
        const created = await createManufacturer(tx, body)
        return created.ok ? ok({ before: null, after: created.value }) : created
      },
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },

  updateManufacturer: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'manufacturer.update',
      { type: MANUFACTURER, id: params.id },
      (tx) => updateManufacturer(tx, params.id, body),
    )
    if (!result.ok) return respond(result.code)
    catalogCache(req.ctx).invalidate()
    return { status: 200, body: result.value.after }
  },
})
