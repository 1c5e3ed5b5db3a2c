import { describe, expect, it } from 'vitest'
import type { Db } from '#db/client.ts'
import type { Logger } from '#server/platform/log.ts'
import { CatalogCache, estimateBytes } from './cache.ts'

/** A database whose LISTEN is confirmed at once; loads never touch it. */
function listeningDb(): Db {
  const client = {
    listen: async (_channel: string, _onNotify: () => void, onListen: () => void) => {
      onListen()
      return { unlisten: async () => {} }
    },
  }
  return { $client: client } as unknown as Db
}

const log = { warn: () => {} } as unknown as Logger

async function started(): Promise<CatalogCache> {
  const cache = new CatalogCache(listeningDb(), log)
  cache.start()
  await new Promise((resolve) => setImmediate(resolve))
  expect(cache.ready).toBe(true)
  return cache
}

function shared(bytes: number) {
  return { full: {}, guest: {}, guestJson: Buffer.alloc(bytes) }
}

describe('catalog cache', () => {
  it('estimates a shared answer by its JSON and the objects beside it', () => {
    expect(estimateBytes(shared(1000))).toBe(3000)
    expect(estimateBytes({ a: 'x' })).toBe(JSON.stringify({ a: 'x' }).length * 2 + 64)
  })

  it('keeps listings asked for once to a quarter of the budget, repeated ones in the rest', async () => {
    const cache = await started()
    let loads = 0
    const load = async () => {
      loads += 1
      return shared(1024 * 1024)
    }
    // Two listings used, then forgotten by probation (each 1 MB, estimated 3 MB), asked again:
    // they now go into the main part.
    await cache.get('listing', 'hot1', load)
    await cache.get('listing', 'hot2', load)
    for (let i = 0; i < 3; i++) await cache.get('listing', `once${i}`, load)
    await cache.get('listing', 'hot1', load)
    await cache.get('listing', 'hot2', load)
    // A crawler's 20 listings asked for once: they hold at most a quarter of the 16 MB.
    for (let i = 0; i < 20; i++) await cache.get('listing', `crawl${i}`, load)
    const { entries, bytes } = cache.sizes().listing ?? { entries: 0, bytes: 0 }
    expect(entries).toBe(3)
    expect(bytes).toBeLessThanOrEqual(2 * 3 * 1024 * 1024 + 4 * 1024 * 1024)
    loads = 0
    await cache.get('listing', 'hot1', load)
    await cache.get('listing', 'hot2', load)
    await cache.get('listing', 'crawl19', load)
    expect(loads).toBe(0)
    await cache.get('listing', 'crawl0', load)
    expect(loads).toBe(1)
  })

  it('keeps one entry even when it alone is above the budget', async () => {
    const cache = await started()
    await cache.get('top', 'big', async () => shared(4 * 1024 * 1024))
    expect(cache.sizes().top?.entries).toBe(1)
  })
})
