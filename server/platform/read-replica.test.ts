import { describe, expect, it } from 'vitest'
import type { Db } from '#db/client.ts'
import type { Logger } from './log.ts'
import { parseLsn, ReadReplica } from './read-replica.ts'

const log = { warn: () => {} } as unknown as Logger

/** A database whose every query answers `rows` (or throws `error`), counting the queries. */
function fakeDb(answer: () => unknown[]) {
  const db = { queries: 0 } as unknown as Db & { queries: number }
  const client = () => {
    db.queries += 1
    try {
      return Promise.resolve(answer())
    } catch (error) {
      return Promise.reject(error)
    }
  }
  Object.assign(db, { $client: client })
  return db
}

const refused = () => {
  throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
}

describe('read replica', () => {
  it('compares WAL positions as numbers', () => {
    expect(parseLsn('0/16B3748') < parseLsn('0/16B3750')).toBe(true)
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true)
  })

  it('reads the replica once it has replayed the floor, and asks no more after that', async () => {
    const primary = fakeDb(() => [])
    const replica = fakeDb(() => [{ recovery: true, lsn: '0/200' }])
    const reads = new ReadReplica(primary, replica, log)
    expect(await reads.pick(parseLsn('0/100'))).toBe(replica)
    expect(await reads.pick(parseLsn('0/180'))).toBe(replica)
    expect(replica.queries).toBe(1)
    expect(await reads.pick(parseLsn('0/300'))).toBe(primary)
    expect(await reads.pick(null)).toBe(primary)
  })

  it('reads the primary while the replica has not replayed the change', async () => {
    const primary = fakeDb(() => [])
    const replica = fakeDb(() => [{ recovery: true, lsn: '0/100' }])
    expect(await new ReadReplica(primary, replica, log).pick(parseLsn('0/101'))).toBe(primary)
  })

  it('repeats a read on the primary when the replica does not answer', async () => {
    const primary = fakeDb(() => [])
    let up = true
    const replica = fakeDb(() => (up ? [{ recovery: true, lsn: '0/200' }] : refused()))
    const reads = new ReadReplica(primary, replica, log)
    const used: Db[] = []
    await reads.read(parseLsn('0/100'), async (db) => {
      used.push(db)
      return 1
    })
    up = false
    const answer = await reads.read(parseLsn('0/100'), async (db) => {
      used.push(db)
      if (db === replica) refused()
      return 2
    })
    expect(answer).toBe(2)
    expect(used).toEqual([replica, replica, primary])
    expect(reads.isDown).toBe(true)
    expect(await reads.pick(parseLsn('0/100'))).toBe(primary)
  })
})
