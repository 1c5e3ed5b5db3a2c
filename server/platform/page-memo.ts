// Values computed once per page request (issue 23). A server render calls the shop's API
// in-process several times for one visitor at one moment (header data, listing, product, the
// account's data): each call asked the database the same question again (is the customer a
// Campus member?). Within `withPageMemo` (the page handler in app.ts) such a question is asked
// once and its answer shared by every in-process call of that page; outside it (a browser's own
// API call) `pageMemo` simply computes. Nothing outlives the page request.
import { AsyncLocalStorage } from 'node:async_hooks'

const store = new AsyncLocalStorage<Map<string, Promise<unknown>>>()

/** Runs `handle` (one page request) with its own memo. */
export function withPageMemo<T>(handle: () => T): T {
  return store.run(new Map(), handle)
}

/** `compute()`'s answer, once per page request and key (computed each time outside a page). */
export function pageMemo<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const memo = store.getStore()
  if (!memo) return compute()
  let value = memo.get(key) as Promise<T> | undefined
  if (!value) {
    value = compute()
    memo.set(key, value)
    // A failed computation is not shared: the next caller asks again.
    value.catch(() => memo.delete(key))
  }
  return value
}
