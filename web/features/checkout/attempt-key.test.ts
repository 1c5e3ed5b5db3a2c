import { beforeEach, describe, expect, it } from 'vitest'
import {
  attemptKey,
  fingerprintOf,
  type KeyStore,
  sendAttempt,
  unansweredKey,
} from './attempt-key.ts'

function memoryStore(): KeyStore {
  const values = new Map<string, string>()
  return {
    getItem: (name) => values.get(name) ?? null,
    setItem: (name, value) => void values.set(name, value),
    removeItem: (name) => void values.delete(name),
  }
}

/** A shop that records the keys it got and answers with the given statuses (or no answer). */
function shopAnswering(...answers: (number | 'offline')[]) {
  const keys: string[] = []
  const call = async (idempotencyKey: string) => {
    keys.push(idempotencyKey)
    const next = answers.shift() ?? 200
    if (next === 'offline') throw new TypeError('Failed to fetch')
    return { status: next, body: {} }
  }
  return { keys, call }
}

let store: KeyStore
const order = fingerprintOf({ products: [[1, 2]], total: 4999, payment: 'creditcard' })

beforeEach(() => {
  store = memoryStore()
})

describe('the order attempt key', () => {
  it('is kept after a network error and a 503, so the retry is the same order', async () => {
    const shop = shopAnswering('offline', 503, 200)
    await expect(sendAttempt('order', order, shop.call, store)).rejects.toThrow()
    expect((await sendAttempt('order', order, shop.call, store)).status).toBe(503)
    expect((await sendAttempt('order', order, shop.call, store)).status).toBe(200)
    expect(new Set(shop.keys).size).toBe(1)
  })

  it('is dropped once the shop answered: success or a domain error', async () => {
    const shop = shopAnswering(422, 200, 200)
    await sendAttempt('order', order, shop.call, store)
    await sendAttempt('order', order, shop.call, store)
    await sendAttempt('order', order, shop.call, store)
    expect(new Set(shop.keys).size).toBe(3)
    expect(unansweredKey('order', store)).toBeNull()
  })

  it('is new for a changed order (cart, total, payment)', async () => {
    const shop = shopAnswering('offline', 200)
    await expect(sendAttempt('order', order, shop.call, store)).rejects.toThrow()
    const changed = fingerprintOf({ products: [[1, 3]], total: 7498, payment: 'creditcard' })
    await sendAttempt('order', changed, shop.call, store)
    expect(shop.keys[1]).not.toBe(shop.keys[0])
  })

  it('stays while the request runs (a double click is one attempt)', () => {
    const first = attemptKey('order', order, store)
    expect(attemptKey('order', order, store)).toBe(first)
    expect(unansweredKey('order', store)).toBe(first)
  })

  it('keeps scopes apart and survives in sessionStorage', async () => {
    const shop = shopAnswering('offline')
    await expect(sendAttempt('order', order, shop.call)).rejects.toThrow()
    expect(unansweredKey('order')).toBe(shop.keys[0])
    expect(unansweredKey('applepay')).toBeNull()
    expect(window.sessionStorage.length).toBeGreaterThan(0)
  })
})
