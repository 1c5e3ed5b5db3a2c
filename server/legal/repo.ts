// Queries of the legal slice: the versions of the legal texts. Inserts only: a version once
// written stays as it is (the database's trigger refuses changes too).
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.ts'
import { legalTextVersions } from '#db/schema/legal.ts'

export type LegalTextRow = typeof legalTextVersions.$inferSelect

export async function latestOf(db: DbOrTx, section: string): Promise<LegalTextRow | null> {
  const [row] = await db
    .select()
    .from(legalTextVersions)
    .where(eq(legalTextVersions.section, section))
    .orderBy(desc(legalTextVersions.version))
    .limit(1)
  return row ?? null
}

/** The newest version of every section. */
export async function latestAll(db: DbOrTx): Promise<LegalTextRow[]> {
  return db
    .selectDistinctOn([legalTextVersions.section])
    .from(legalTextVersions)
    .orderBy(legalTextVersions.section, desc(legalTextVersions.version))
}

export async function versionsOf(db: DbOrTx, section: string): Promise<LegalTextRow[]> {
  return db
    .select()
    .from(legalTextVersions)
    .where(eq(legalTextVersions.section, section))
    .orderBy(desc(legalTextVersions.version))
}

export async function versionOf(
  db: DbOrTx,
  section: string,
  version: number,
): Promise<LegalTextRow | null> {
  const [row] = await db
    .select()
    .from(legalTextVersions)
    .where(and(eq(legalTextVersions.section, section), eq(legalTextVersions.version, version)))
  return row ?? null
}

export async function byIds(db: DbOrTx, ids: number[]): Promise<LegalTextRow[]> {
  if (ids.length === 0) return []
  return db.select().from(legalTextVersions).where(inArray(legalTextVersions.id, ids))
}

/**
 * Inserts the section's next version. A transaction-scoped advisory lock per section makes two
 * saves at once two consecutive versions instead of a unique violation.
 */
export async function insertNextVersion(
  tx: Tx,
  input: {
    section: string
    title: string
    body: string
    at: Date
    staffId: number | null
    email: string
  },
): Promise<LegalTextRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal_text:${input.section}`}))`)
  const latest = await latestOf(tx, input.section)
  const [row] = await tx
    .insert(legalTextVersions)
    .values({
      section: input.section,
      version: (latest?.version ?? 0) + 1,
      title: input.title,
      body: input.body,
      createdAt: input.at,
      createdByStaffId: input.staffId,
      createdByEmail: input.email,
    })
    .returning()
  if (!row) throw new Error('legal text insert returned nothing')
  return row
}
