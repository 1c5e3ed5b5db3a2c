import { describe, expect, it } from 'vitest'
import { postgresVersionProblem } from './postgres-version.ts'

describe('postgresVersionProblem', () => {
  it('accepts PostgreSQL 18 and newer', () => {
    expect(postgresVersionProblem(180001, '18.1')).toBeNull()
    expect(postgresVersionProblem(190000, '19.0')).toBeNull()
  })

  it('refuses older servers with the version found and what to do', () => {
    expect(postgresVersionProblem(150018, '15.18 (Debian 15.18-0+deb12u1)')).toBe(
      'PostgreSQL 18 or newer is required; the database server runs 15.18 (Debian 15.18-0+deb12u1) (major 15). Point DATABASE_URL to a PostgreSQL 18 server, or leave it unset to use the embedded one.',
    )
    expect(postgresVersionProblem(170005, '17.5')).toContain('major 17')
  })
})
