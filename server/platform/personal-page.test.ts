import { describe, expect, it } from 'vitest'
import { personalPage, personalSlots } from './personal-page.ts'

const GUEST = {
  actions: '<nav class="a"><a>Anmelden</a></nav>',
  greeting: '',
  headerState: '{"status":200,"body":{"firstName":null}}',
  products: [7, 8],
}
const body = Buffer.from(
  `<html><body><header><div>${GUEST.actions}<nav>Menü</nav></div></header><main>x</main>` +
    `<script id="__state" type="application/json">{"queries":[{"state":{"data":${GUEST.headerState}}}]}</script></body></html>`,
)

describe('personal parts of a guest page', () => {
  it('puts the visitor’s actions, greeting and header data where the guest’s were', () => {
    const slots = personalSlots(body, GUEST)
    expect(slots).not.toBeNull()
    const mine = {
      actions: '<nav class="a"><a>Mein Konto</a></nav>',
      greeting: '<div class="greeting">Hallo Ä</div>',
      headerState: '{"status":200,"body":{"firstName":"Ä"}}',
      products: [9],
    }
    const page = personalPage(body, slots ?? ({} as never), mine)?.toString()
    expect(page).toBe(
      body
        .toString()
        .replace(GUEST.actions, mine.actions)
        .replace('</header>', `${mine.greeting}</header>`)
        .replace(GUEST.headerState, mine.headerState),
    )
  })

  it('refuses a visitor whose wishlist or comparison holds a product of the page', () => {
    const slots = personalSlots(body, GUEST)
    if (!slots) throw new Error('no slots')
    expect(personalPage(body, slots, { ...GUEST, products: [8] })).toBeNull()
  })

  it('finds no slots when a part is missing, found twice, or the guest page greets', () => {
    expect(personalSlots(body, { ...GUEST, actions: '<nav>other</nav>' })).toBeNull()
    const twice = Buffer.concat([body, Buffer.from(GUEST.actions)])
    expect(personalSlots(twice, GUEST)).toBeNull()
    expect(personalSlots(body, { ...GUEST, greeting: '<div>Hallo</div>' })).toBeNull()
    expect(personalSlots(body, { ...GUEST, headerState: '{"status":500}' })).toBeNull()
  })
})
