// Contract of the legal slice (issue 20): the shop's legal texts (Impressum, AGB,
// Widerrufsbelehrung with the model form, Datenschutzerklärung, Versand- und
// Zahlungsbedingungen) as versioned content. The shop reads the newest version; staff routes
// are in backoffice-legal.ts. Texts are written in the line markup of legal-markup.ts.
import { z } from 'zod'
import { c, errorBody } from './errors.ts'

export const LEGAL_SECTIONS = [
  'imprint',
  'conditions',
  'withdrawal',
  'privacy',
  'shipping',
] as const
export const LegalSectionSchema = z.enum(LEGAL_SECTIONS)
export type LegalSection = z.infer<typeof LegalSectionSchema>

export const LEGAL_SECTION_TITLES: Record<LegalSection, string> = {
  imprint: 'Impressum',
  conditions: 'AGB',
  withdrawal: 'Widerrufsbelehrung',
  privacy: 'Datenschutz',
  shipping: 'Versand und Zahlung',
}

/** The longest text a version may have (the AGB are about 15,000 characters). */
export const LEGAL_TEXT_MAX_LENGTH = 100_000

/** One stored version of a legal text; versions are never changed, only added. */
export const LegalTextSchema = z.object({
  id: z.number().int(),
  section: LegalSectionSchema,
  version: z.number().int(),
  title: z.string(),
  /** The text in the line markup (## heading, - list item, one paragraph per line). */
  body: z.string(),
  createdAt: z.string(),
  /** E-mail of the member of staff who saved it; "Vorlage" for the seeded template. */
  createdBy: z.string(),
})
export type LegalText = z.infer<typeof LegalTextSchema>

export const legalContract = c.router({
  current: {
    method: 'GET',
    path: '/api/legal/:section',
    pathParams: z.object({ section: LegalSectionSchema }),
    responses: { 200: LegalTextSchema, 404: errorBody(z.enum(['not_found'])) },
    summary: 'The newest version of a legal text, for the info pages (issue 20; the spec has none)',
  },
})
