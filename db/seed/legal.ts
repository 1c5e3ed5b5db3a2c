// The legal texts' first versions (issue 20): added at every start for a section without any
// version; a section that has versions (maybe edited by admins) is never touched.
import type { DbOrTx } from '../client.ts'
import { legalTextVersions } from '../schema/legal.ts'
import { LEGAL_TEXT_TEMPLATES } from './legal-texts.ts'

/** The author shown for the seeded templates. */
export const LEGAL_TEMPLATE_AUTHOR = 'Vorlage'

export async function seedLegalTexts(db: DbOrTx): Promise<void> {
  const existing = new Set(
    (await db.selectDistinct({ section: legalTextVersions.section }).from(legalTextVersions)).map(
      (row) => row.section,
    ),
  )
  const missing = Object.entries(LEGAL_TEXT_TEMPLATES).filter(([section]) => !existing.has(section))
  if (missing.length === 0) return
  await db
    .insert(legalTextVersions)
    .values(
      missing.map(([section, text]) => ({
        section,
        version: 1,
        title: text.title,
        body: text.body,
        createdByEmail: LEGAL_TEMPLATE_AUTHOR,
      })),
    )
    .onConflictDoNothing()
}
