import { describe, expect, it } from 'vitest'
import type { Db } from '#db/client.ts'
import type { Logger } from './log.ts'
import { SESSION_CHANNEL, SessionCache } from './session-cache.ts'

type Row = { id: string; expiresAt: Date; name: string }

/** A database whose LISTEN is confirmed when `confirm()` is called; `notify` sends a payload. */
function fakeDb() {
  let onNotify: (payload: string) => void = () => {}
  let onListen: () => void = () => {}
  const channels: string[] = []
  const db = {
    $client: {
      listen: (channel: string, notify: (payload: string) => void, listen: () => void) => {
        channels.push(channel)
        onNotify = notify
        onListen = listen
        return Promise.resolve({})
      },
    },
  } as unknown as Db
  return {
    db,
    channels,
    confirm: () => onListen(),
    notify: (payload: string) => onNotify(payload),
  }
}

const log = { warn: () => {} } as unknown as Logger
const later = new Date('2030-01-01T00:00:00Z')
const now = new Date('2026-11-28T00:00:00Z')

function setup() {
  const fake = fakeDb()
  let clock = 0
  const cache = new SessionCache<Row>(fake.db, log, () => clock)
  cache.start()
  let loads = 0
  const load = (row: Row | null) => async () => {
    loads += 1
    return row
  }
  return {
    fake,
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      clock += ms
    },
  }
}

describe('SessionCache', () => {
  it('reads the database until its LISTEN is confirmed, then serves from memory', async () => {
    const { fake, cache, load, loads } = setup()
    const row = { id: 'a', expiresAt: later, name: 'A' }
    expect(await cache.lookup('a', now, load(row))).toBe(row)
    expect(await cache.lookup('a', now, load(row))).toBe(row)
    expect(loads()).toBe(2)
    expect(fake.channels).toEqual([SESSION_CHANNEL])
    fake.confirm()
    await cache.lookup('a', now, load(row))
    expect(await cache.lookup('a', now, load({ ...row, name: 'other' }))).toBe(row)
    expect(loads()).toBe(3)
  })

  it('drops an entry at its NOTIFY, all at "*" and at a reconnect', async () => {
    const { fake, cache, load, loads } = setup()
    fake.confirm()
    const a = { id: 'a', expiresAt: later, name: 'A' }
    const b = { id: 'b', expiresAt: later, name: 'B' }
    await cache.lookup('a', now, load(a))
    await cache.lookup('b', now, load(b))
    fake.notify('x,a')
    expect(await cache.lookup('a', now, load(null))).toBeNull()
    expect(await cache.lookup('b', now, load(null))).toBe(b)
    fake.notify('*')
    expect(await cache.lookup('b', now, load(null))).toBeNull()
    await cache.lookup('a', now, load(a))
    fake.confirm()
    expect(await cache.lookup('a', now, load(null))).toBeNull()
    expect(loads()).toBe(6)
  })

  it('serves an entry at most 10 s and never past the session expiry', async () => {
    const { fake, cache, load, advance } = setup()
    fake.confirm()
    const row = { id: 'a', expiresAt: new Date(now.getTime() + 60_000), name: 'A' }
    await cache.lookup('a', now, load(row))
    advance(9_000)
    expect(await cache.lookup('a', now, load(null))).toBe(row)
    advance(2_000)
    expect(await cache.lookup('a', now, load(null))).toBeNull()
    await cache.lookup('a', now, load(row))
    expect(await cache.lookup('a', new Date(now.getTime() + 60_000), load(null))).toBeNull()
  })

  it('does not keep a row whose load started before a change notice', async () => {
    const { fake, cache, load } = setup()
    fake.confirm()
    const old = { id: 'a', expiresAt: later, name: 'old' }
    let release: (row: Row) => void = () => {}
    const pending = cache.lookup('a', now, () => new Promise<Row>((done) => (release = done)))
    fake.notify('a')
    release(old)
    expect(await pending).toBe(old)
    const fresh = { id: 'a', expiresAt: later, name: 'new' }
    expect(await cache.lookup('a', now, load(fresh))).toBe(fresh)
  })

  it('shares one load between concurrent lookups of a session', async () => {
    const { fake, cache, load, loads } = setup()
    fake.confirm()
    const row = { id: 'a', expiresAt: later, name: 'A' }
    const [one, two] = await Promise.all([
      cache.lookup('a', now, load(row)),
      cache.lookup('a', now, load(row)),
    ])
    expect(one).toBe(row)
    expect(two).toBe(row)
    expect(loads()).toBe(1)
  })

  it("takes this process's writes at once", async () => {
    const { fake, cache, load } = setup()
    fake.confirm()
    const row = { id: 'a', expiresAt: later, name: 'A' }
    await cache.lookup('a', now, load(row))
    const changed = { ...row, name: 'changed' }
    cache.put(changed)
    expect(await cache.lookup('a', now, load(null))).toBe(changed)
    cache.drop(['a'])
    expect(await cache.lookup('a', now, load(null))).toBeNull()
    await cache.lookup('a', now, load(row))
    cache.dropWhere((entry) => entry.name === 'A')
    expect(await cache.lookup('a', now, load(null))).toBeNull()
  })
})
