// Contract of the back office's "Rechtstexte" page (issue 20): the legal texts with their
// versions. Staff read them; only admins save, and a save always adds a new version (with author
// and time) and an audit entry: nothing is ever overwritten. The texts belong to the legal slice.
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { c, errorBody } from './errors.ts'
import { LEGAL_TEXT_MAX_LENGTH, LegalSectionSchema, LegalTextSchema } from './legal.ts'
import { m } from './messages.de.ts'

const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const NotFound = errorBody(z.enum(['not_found']))
const ISSUE = 'issue 20 legal texts; the spec has none'

/** A version without its text, for lists. */
export const LegalTextVersionSchema = LegalTextSchema.omit({ body: true })
export type LegalTextVersion = z.infer<typeof LegalTextVersionSchema>

export const LegalTextSaveBodySchema = z.object({
  title: z.string().trim().min(1, m('required')).max(200, m('invalid')),
  body: z.string().trim().min(1, m('required')).max(LEGAL_TEXT_MAX_LENGTH, m('invalid')),
})
export type LegalTextSaveBody = z.infer<typeof LegalTextSaveBodySchema>

export const backofficeLegalContract = c.router({
  list: {
    method: 'GET',
    path: '/api/staff/legal-texts',
    responses: {
      200: z.object({ texts: z.array(LegalTextVersionSchema) }),
      401: Unauthorized,
    },
    metadata: staffOnly('service', 'admin'),
    summary: `The newest version of every legal text (${ISSUE})`,
  },
  versions: {
    method: 'GET',
    path: '/api/staff/legal-texts/:section',
    pathParams: z.object({ section: LegalSectionSchema }),
    responses: {
      200: z.object({ current: LegalTextSchema, versions: z.array(LegalTextVersionSchema) }),
      401: Unauthorized,
      404: NotFound,
    },
    metadata: staffOnly('service', 'admin'),
    summary: `A legal text: its newest version with the text and all versions, newest first (${ISSUE})`,
  },
  version: {
    method: 'GET',
    path: '/api/staff/legal-texts/:section/versions/:version',
    pathParams: z.object({
      section: LegalSectionSchema,
      version: z.coerce.number().int().min(1).max(1_000_000),
    }),
    responses: { 200: LegalTextSchema, 401: Unauthorized, 404: NotFound },
    metadata: staffOnly('service', 'admin'),
    summary: `One version of a legal text, as it was saved (${ISSUE})`,
  },
  save: {
    method: 'POST',
    path: '/api/staff/legal-texts/:section',
    pathParams: z.object({ section: LegalSectionSchema }),
    body: LegalTextSaveBodySchema,
    responses: { 200: LegalTextSchema, 401: Unauthorized },
    metadata: staffOnly('admin'),
    summary: `Saves a new version of a legal text; older versions stay unchanged (${ISSUE})`,
  },
})
