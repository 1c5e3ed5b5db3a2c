// Thin handlers of the "Rechtstexte" page (issue 20). The guard admitted the roles of the
// contract's metadata (saving: admins only). A save adds a version through the legal slice and
// writes its audit entry in the same transaction; nothing is overwritten.

import { contract } from '#contract/index.ts'
import type { LegalText } from '#contract/legal.ts'
import {
  currentLegalTexts,
  legalTextVersion,
  legalTextVersions,
  saveLegalTextVersion,
} from '#server/legal/index.ts'
import { respond } from '#server/platform/errors.ts'
import { s } from '#server/platform/http.ts'
import { ok } from '#server/platform/result.ts'
import { auditedChange } from './audit.ts'

function withoutBody({ body: _body, ...version }: LegalText) {
  return version
}

export const backofficeLegalRouter = s.router(contract.backofficeLegal, {
  list: async ({ req }) => ({
    status: 200,
    body: { texts: (await currentLegalTexts(req.ctx.db)).map(withoutBody) },
  }),

  versions: async ({ req, params }) => {
    const versions = await legalTextVersions(req.ctx.db, params.section)
    const current = versions[0]
    if (!current) return respond('not_found')
    return { status: 200, body: { current, versions: versions.map(withoutBody) } }
  },

  version: async ({ req, params }) => {
    const text = await legalTextVersion(req.ctx.db, params.section, params.version)
    if (!text) return respond('not_found')
    return { status: 200, body: text }
  },

  save: async ({ req, params, body }) => {
    const result = await auditedChange(
      req,
      'legal_text.version.create',
      { type: 'legal_text', id: params.section },
      async (tx, staff) =>
        ok(
          await saveLegalTextVersion(tx, {
            section: params.section,
            title: body.title,
            body: body.body,
            at: req.ctx.clock.now(),
            staff: { staffId: staff.staffId, email: staff.email },
          }),
        ),
    )
    if (!result.ok) throw new Error('saving a legal text cannot fail by a rule')
    return { status: 200, body: result.value.text }
  },
})
