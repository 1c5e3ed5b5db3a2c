// Rules of the legal slice (issue 20): the newest version of a text is the one the shop shows;
// a save adds a version (never overwrites); an order records the AGB and Widerrufsbelehrung it
// was made under, and its confirmation mail carries exactly those versions.
import type { LegalSection, LegalText } from '#contract/legal.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import * as repo from './repo.ts'

export type { LegalTextRow } from './repo.ts'

export function toLegalText(row: repo.LegalTextRow): LegalText {
  return {
    id: row.id,
    section: row.section as LegalSection,
    version: row.version,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
  }
}

export async function currentLegalText(db: DbOrTx, section: LegalSection) {
  const row = await repo.latestOf(db, section)
  return row ? toLegalText(row) : null
}

export async function currentLegalTexts(db: DbOrTx): Promise<LegalText[]> {
  return (await repo.latestAll(db)).map(toLegalText)
}

export async function legalTextVersions(db: DbOrTx, section: LegalSection) {
  return (await repo.versionsOf(db, section)).map(toLegalText)
}

export async function legalTextVersion(db: DbOrTx, section: LegalSection, version: number) {
  const row = await repo.versionOf(db, section, version)
  return row ? toLegalText(row) : null
}

/**
 * Saves a new version in the caller's transaction (the back office's audited change). Returns
 * the version it follows and the new one, for the audit entry (texts left out: they are stored
 * in the versions themselves).
 */
export async function saveLegalTextVersion(
  tx: Tx,
  input: {
    section: LegalSection
    title: string
    body: string
    at: Date
    staff: { staffId: number | null; email: string }
  },
) {
  const before = await repo.latestOf(tx, input.section)
  const row = await repo.insertNextVersion(tx, {
    section: input.section,
    title: input.title,
    body: input.body,
    at: input.at,
    staffId: input.staff.staffId,
    email: input.staff.email,
  })
  const meta = (r: repo.LegalTextRow | null) =>
    r ? { id: r.id, version: r.version, title: r.title, length: r.body.length } : null
  return { before: meta(before), after: meta(row), text: toLegalText(row) }
}

/** The AGB and Widerrufsbelehrung that apply now: checkout records them on the order. */
export async function orderLegalTexts(db: DbOrTx) {
  const [terms, withdrawal] = await Promise.all([
    repo.latestOf(db, 'conditions'),
    repo.latestOf(db, 'withdrawal'),
  ])
  return {
    terms: terms ? toLegalText(terms) : null,
    withdrawal: withdrawal ? toLegalText(withdrawal) : null,
  }
}

/** Versions by id (an order's recorded versions). */
export async function legalTextsById(db: DbOrTx, ids: number[]): Promise<LegalText[]> {
  return (await repo.byIds(db, ids)).map(toLegalText)
}
