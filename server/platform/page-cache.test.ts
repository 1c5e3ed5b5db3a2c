import { describe, expect, it } from 'vitest'
import { PageCache, strongEtag } from './page-cache.ts'

describe('PageCache', () => {
  it('keeps pages by URL key with a strong ETag of the HTML', () => {
    const cache = new PageCache({ maxBytes: 1_000_000 })
    const stored = cache.set('c0 http://shop/', '<html>a</html>', cache.generation)
    expect(stored?.etag).toBe(strongEtag(Buffer.from('<html>a</html>')))
    expect(cache.get('c0 http://shop/')?.body.toString()).toBe('<html>a</html>')
    expect(cache.get('c1 http://shop/')).toBeUndefined()
  })

  it('does not store a render that started before an invalidation', () => {
    const cache = new PageCache({ maxBytes: 1_000_000 })
    const started = cache.generation
    cache.invalidate()
    expect(cache.set('k', 'old', started)).toBeUndefined()
    expect(cache.get('k')).toBeUndefined()
  })

  it('keeps pages asked for once to a quarter of its byte budget', () => {
    const cache = new PageCache({ maxBytes: 8000 })
    const html = 'x'.repeat(800)
    // "hot" falls out of probation and is stored again: now in the main part.
    cache.set('hot', html, cache.generation)
    for (const key of ['a', 'b', 'c']) cache.set(key, html, cache.generation)
    expect(cache.get('hot')).toBeUndefined()
    cache.set('hot', html, cache.generation)
    for (const key of ['d', 'e', 'f', 'g']) cache.set(key, html, cache.generation)
    expect(cache.size.bytes).toBeLessThanOrEqual(8000 / 4 + 1000)
    expect(cache.get('hot')).toBeDefined()
    expect(cache.get('g')).toBeDefined()
    expect(cache.get('d')).toBeUndefined()
  })

  it('expires entries after the TTL and serves nothing before it is ready', () => {
    let now = 0
    let ready = false
    const cache = new PageCache({
      maxBytes: 1_000_000,
      ttlMs: 100,
      now: () => now,
      ready: () => ready,
    })
    expect(cache.set('k', 'v', cache.generation)).toBeUndefined()
    ready = true
    cache.set('k', 'v', cache.generation)
    now = 99
    expect(cache.get('k')).toBeDefined()
    now = 100
    expect(cache.get('k')).toBeUndefined()
    expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  })
})
