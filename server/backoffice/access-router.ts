// Thin handlers of the back office's access (login, code, logout, audit log, Campus review; paths
// under /api/staff as before). Access is decided before any of them runs (guard.ts reads
// each route's `staffOnly(...)` from the contract); writes go through `auditedChange`.
import { Readable } from 'node:stream'
import { STAFF_PAGE_SIZE } from '#contract/backoffice-access.ts'
import { contract } from '#contract/index.ts'
import { translate } from '#contract/messages.de.ts'
import {
  approveApplication,
  getReviewApplication,
  listReviewApplications,
  readApplicationDocument,
  rejectApplication,
  reviewQueueStats,
} from '#server/campus/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import * as service from './access.ts'
import { actorOf, auditedChange, auditedRead } from './audit.ts'
import type { StaffRequest } from './session.ts'

async function detailOrMissing(req: StaffRequest, id: number) {
  const detail = await getReviewApplication(req.ctx, req.ctx.db, id)
  return detail ? { status: 200 as const, body: detail } : respond('not_found')
}

const CAMPUS_APPLICATION = 'campus_application'

export const backofficeAccessRouter = s.router(contract.backofficeAccess, {
  login: async ({ req, body }) => {
    const result = await service.login(req, body)
    if (result.ok)
      return { status: 200, body: { successful: true as const, needsCode: true as const } }
    if (result.code === 'rate_limited') return respond('rate_limited')
    return respond('staff_login_failed')
  },

  submitCode: async ({ req, body }) => {
    const result = await service.submitCode(req, body.code)
    if (result.ok) return { status: 200, body: result.value }
    return respond(result.code)
  },

  resendCode: async ({ req }) => {
    const result = await service.resendCode(req)
    if (result.ok) {
      return {
        status: 200,
        body: { successful: true as const, message: translate('staff_code_sent') },
      }
    }
    if (result.code === 'staff_unauthorized') return respond('staff_unauthorized')
    return respond('staff_code_resend_failed')
  },

  logout: async ({ req }) => {
    await service.logout(req)
    return { status: 200, body: { successful: true as const } }
  },

  me: async ({ req }) => ({ status: 200, body: service.meOf(await actorOf(req)) }),

  dashboard: async ({ req }) => ({ status: 200, body: await reviewQueueStats(req.ctx.db) }),

  listCampusApplications: async ({ req, query }) => ({
    status: 200,
    body: await listReviewApplications(req.ctx.db, query.status, query.page, STAFF_PAGE_SIZE),
  }),

  getCampusApplication: async ({ req, params }) => detailOrMissing(req, params.id),

  getCampusDocument: async ({ req, res, params }) => {
    const result = await readApplicationDocument(req.ctx, params.id)
    if (!result.ok) return respond(result.code)
    await auditedRead(req, 'campus.document.view', { type: CAMPUS_APPLICATION, id: params.id })
    const { data, type } = result.value
    const extension = type === 'application/pdf' ? 'pdf' : type.split('/')[1]
    res.setHeader('Content-Type', type)
    res.setHeader('Content-Length', String(data.length))
    res.setHeader('Content-Disposition', `inline; filename="nachweis-${params.id}.${extension}"`)
    // Shown in the back office's own frame only; nothing in it may load or run anything.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
    )
    return { status: 200, body: Readable.from([data]) as unknown as Uint8Array }
  },

  approveCampusApplication: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'campus.application.approve',
      { type: CAMPUS_APPLICATION, id: params.id },
      (tx, staff) =>
        approveApplication(tx, req.ctx, {
          id: params.id,
          validUntil: body.validUntil,
          staffId: staff.staffId,
        }),
    )
    if (result.ok) return detailOrMissing(req, params.id)
    return respond(result.code)
  },

  rejectCampusApplication: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'campus.application.reject',
      { type: CAMPUS_APPLICATION, id: params.id },
      (tx, staff) =>
        rejectApplication(tx, req.ctx, {
          id: params.id,
          reason: body.reason,
          staffId: staff.staffId,
        }),
    )
    if (result.ok) return detailOrMissing(req, params.id)
    return respond(result.code)
  },

  listAuditLog: async ({ req, query }) => ({
    status: 200,
    body: await service.listAuditLog(req, query),
  }),
})
