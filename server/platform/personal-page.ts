// A customer's catalog page from a guest's (issue 23): the guest's HTML with the visitor's parts
// put in. The server render names those parts (web/entry-server.tsx `PersonalParts`): the
// header's actions (account entry, wishlist, comparison, cart counts), the greeting bar and the
// header query's data in the state block. Everything else on a catalog page is the same for
// every visitor who sees guest prices, except the hearts and "Vergleichen" buttons of products
// on the visitor's wishlist or comparison: a page that shows one of those is rendered in full.
// The guest's parts are found byte for byte in the guest's page (rendered alone, they must be
// exactly what the full render wrote); a part not found (or found twice) means no reuse.
import type { PersonalParts } from './render.ts'

/** Where a guest page's personal parts are, in bytes, and its products with personal buttons. */
export type PersonalSlots = {
  actions: [start: number, end: number]
  /** Where the greeting bar goes: before the header's end tag (a guest page has none). */
  greetingAt: number
  headerState: [start: number, end: number]
  products: ReadonlySet<number>
}

const HEADER_END = Buffer.from('</header>')
const HEADER_START = Buffer.from('<header')
const STATE_ELEMENT = Buffer.from('id="__state"')

/** The one place of `part` in `body` from `from` on, or -1 (missing or more than once). */
function onlyPlace(body: Buffer, part: Buffer, from: number): number {
  const at = body.indexOf(part, from)
  if (at < 0 || body.indexOf(part, at + 1) >= 0) return -1
  return at
}

/** Finds a guest page's personal parts (null: this page cannot be reused). */
export function personalSlots(body: Buffer, guest: PersonalParts): PersonalSlots | null {
  if (guest.greeting !== '') return null
  const actions = Buffer.from(guest.actions)
  const actionsStart = onlyPlace(body, actions, 0)
  if (actionsStart < 0) return null
  const actionsEnd = actionsStart + actions.length
  const greetingAt = body.indexOf(HEADER_END, actionsEnd)
  if (greetingAt < 0 || body.subarray(actionsEnd, greetingAt).includes(HEADER_START)) return null
  const stateElement = body.indexOf(STATE_ELEMENT, greetingAt)
  if (stateElement < 0) return null
  const headerState = Buffer.from(guest.headerState)
  const stateStart = onlyPlace(body, headerState, stateElement)
  if (stateStart < 0) return null
  return {
    actions: [actionsStart, actionsEnd],
    greetingAt,
    headerState: [stateStart, stateStart + headerState.length],
    products: new Set(guest.products),
  }
}

/**
 * The visitor's page: the guest's with the visitor's parts; null when a product on the page has
 * a heart or "Vergleichen" that shows the visitor's wishlist or comparison.
 */
export function personalPage(
  body: Buffer,
  slots: PersonalSlots,
  mine: PersonalParts,
): Buffer | null {
  if (mine.products.some((id) => slots.products.has(id))) return null
  return Buffer.concat([
    body.subarray(0, slots.actions[0]),
    Buffer.from(mine.actions),
    body.subarray(slots.actions[1], slots.greetingAt),
    Buffer.from(mine.greeting),
    body.subarray(slots.greetingAt, slots.headerState[0]),
    Buffer.from(mine.headerState),
    body.subarray(slots.headerState[1]),
  ])
}
