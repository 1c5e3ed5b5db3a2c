import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { cloneTemplate } from '#tests/support/template.ts'
import {
  deleteExpiredRateLimits,
  hitRateLimit,
  latestWindowEndWithPrefix,
  resetRateLimit,
  resetRateLimitsWithPrefix,
  startRateWindow,
} from './rate-limit.ts'

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  const opened = createDb(await cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate')))
  db = opened.db
  close = opened.close
})
afterAll(() => close())

describe('rate limits', () => {
  it('allows up to the limit within a window, then refuses until the window ends', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    const options = { limit: 3, windowSeconds: 60, now }
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, 'login:test', options))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results[3]?.resetAt.toISOString()).toBe('2026-11-21T10:01:00.000Z')
    const later = await hitRateLimit(db, 'login:test', {
      ...options,
      now: new Date('2026-11-21T10:01:00Z'),
    })
    expect(later).toMatchObject({ allowed: true, count: 1 })
  })

  it('counts concurrent hits exactly', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        hitRateLimit(db, 'burst', { limit: 5, windowSeconds: 60, now }),
      ),
    )
    expect(results.filter((r) => r.allowed)).toHaveLength(5)
  })

  it('resets a key and deletes expired windows', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    await hitRateLimit(db, 'reset-me', { limit: 1, windowSeconds: 60, now })
    await resetRateLimit(db, 'reset-me')
    expect((await hitRateLimit(db, 'reset-me', { limit: 1, windowSeconds: 60, now })).allowed).toBe(
      true,
    )
    expect(await deleteExpiredRateLimits(db, new Date('2026-11-22T00:00:00Z'))).toBeGreaterThan(0)
  })

  it('starts a window once among parallel callers; the others get its end', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    const results = await Promise.all(
      Array.from({ length: 10 }, () => startRateWindow(db, 'block:x', { windowSeconds: 60, now })),
    )
    expect(results.filter((r) => r.started)).toHaveLength(1)
    expect(new Set(results.map((r) => r.resetAt.toISOString()))).toEqual(
      new Set(['2026-11-21T10:01:00.000Z']),
    )
    // After its end a new window may start.
    const later = new Date('2026-11-21T10:01:00Z')
    expect((await startRateWindow(db, 'block:x', { windowSeconds: 60, now: later })).started).toBe(
      true,
    )
  })

  it('finds and forgets keys by prefix (wildcards in the prefix are literal)', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    await hitRateLimit(db, 'p:a_1:x', { limit: 1, windowSeconds: 60, now })
    await hitRateLimit(db, 'p:a_1:y', { limit: 1, windowSeconds: 120, now })
    await hitRateLimit(db, 'p:ab1:z', { limit: 1, windowSeconds: 600, now })
    expect((await latestWindowEndWithPrefix(db, 'p:a_1:', now))?.toISOString()).toBe(
      '2026-11-21T10:02:00.000Z',
    )
    await resetRateLimitsWithPrefix(db, 'p:a_1:')
    expect(await latestWindowEndWithPrefix(db, 'p:a_1:', now)).toBeNull()
    expect(await latestWindowEndWithPrefix(db, 'p:ab1:', now)).not.toBeNull()
  })
})
