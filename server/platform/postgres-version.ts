// The shop is built and tested on PostgreSQL 18 (the embedded server and CI); on older servers
// some of its queries fail (the cart answered 500 on PostgreSQL 15, issue 23). An older server is
// refused at start with a clear message instead of failing requests later.
import { sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'

export const MIN_POSTGRES_MAJOR = 18

/** The refusal for a server's `server_version_num` (e.g. 150004), or null when it is new enough. */
export function postgresVersionProblem(versionNum: number, version: string): string | null {
  const major = Math.floor(versionNum / 10_000)
  if (major >= MIN_POSTGRES_MAJOR) return null
  return `PostgreSQL ${MIN_POSTGRES_MAJOR} or newer is required; the database server runs ${version} (major ${major}). Point DATABASE_URL to a PostgreSQL ${MIN_POSTGRES_MAJOR} server, or leave it unset to use the embedded one.`
}

/** Throws with the refusal when the connected server is older than MIN_POSTGRES_MAJOR. */
export async function assertPostgresVersion(db: Db): Promise<number> {
  const [row] = await db.execute<{ num: string; version: string }>(
    sql`select current_setting('server_version_num') as num, current_setting('server_version') as version`,
  )
  const num = Number(row?.num ?? 0)
  const problem = postgresVersionProblem(num, row?.version ?? 'unknown')
  if (problem) throw new Error(problem)
  return num
}
