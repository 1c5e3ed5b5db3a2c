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

  it('drops the least recently used listings once their bytes pass the budget', async () => {
    const cache = await started()
    // 20 listings of 1 MB (estimated 3 MB each): the budget of 16 MB keeps the last 5.
    for (let i = 0; i < 20; i++)
      await cache.get('listing', `k${i}`, async () => shared(1024 * 1024))
    const { entries, bytes } = cache.sizes().listing ?? { entries: 0, bytes: 0 }
    expect(entries).toBe(5)
    expect(bytes).toBeLessThanOrEqual(16 * 1024 * 1024)
    let loads = 0
    await cache.get('listing', 'k19', async () => {
      loads += 1
      return shared(1)
    })
    await cache.get('listing', 'k0', async () => {
      loads += 1
      return shared(1)
    })
    expect(loads).toBe(1)
  })

  it('keeps one entry even when it alone is above the budget', async () => {
    const cache = await started()
    await cache.get('top', 'big', async () => shared(4 * 1024 * 1024))
    expect(cache.sizes().top?.entries).toBe(1)
  })
})
