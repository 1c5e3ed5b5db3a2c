// Product reviews through HTTP (issue 22): one review per customer and product, the spam limits of
// storefront section 9 on the server (429 + Retry-After), editing and deleting one's own only
// (another's: 404), moderation (pending -> published / rejected with reason, audited), the rating
// columns of the catalog, "Verifizierter Kauf", "Hilfreich" once per customer, comments.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '#contract/index.ts'
import { staffAuditLog } from '#db/schema/backoffice.ts'
import { categories, products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { customerIdOf, insertOrder } from '#tests/support/orders.ts'
import { browserFactory, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { expectStaffRoutesGuarded, insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: () => Browser
let staff: Browser
let admin: Browser
let productIds: number[]

const REVIEW = {
  rating: 4,
  title: 'Leise und schnell',
  text: 'Die Karte bleibt auch unter Last angenehm leise und schafft alle Spiele in WQHD.',
}

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1', FULL_LOGIN_SECONDS: String(24 * 3600) } })
  newBrowser = browserFactory(shop.url)
  const rows = await shop.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(products.id)
    .limit(12)
  productIds = rows.map((row) => row.id)
  await staffLogins()
})

/** Staff sessions end while the tests move the clock by an hour: log in again after that. */
async function staffLogins() {
  staff = newBrowser()
  await staffLogIn(staff, await insertStaffAccount(shop.db, 'service'))
  admin = newBrowser()
  await staffLogIn(admin, await insertStaffAccount(shop.db, 'admin'))
}
afterAll(() => shop.close())

const product = (index: number) => {
  const id = productIds[index]
  if (id === undefined) throw new Error(`no product ${index}`)
  return id
}

async function customer(prefix = 'bewerter') {
  const browser = newBrowser()
  const data = await registerCustomer(browser, { email: uniqueEmail(prefix), firstName: 'Jonas' })
  return { browser, email: data.email }
}

async function createOk(browser: Browser, productId: number, body = REVIEW) {
  const response = await browser.api.reviews.createReview({ params: { productId }, body })
  if (response.status !== 200) throw new Error(`create answered ${response.status}`)
  return response.body
}

async function publish(reviewId: number) {
  const response = await staff.api.backofficeReviews.publish({ params: { reviewId } })
  expect(response.status).toBe(200)
}

async function publicList(
  productId: number,
  sort: 'newest' | 'helpful' | 'best' | 'worst' = 'newest',
) {
  const response = await newBrowser().api.reviews.getProductReviews({
    params: { productId },
    query: { sort },
  })
  if (response.status !== 200) throw new Error(`list answered ${response.status}`)
  return response.body
}

describe('reviews', () => {
  it('keeps a review pending until staff publish it; then average, distribution and tiles show it', async () => {
    const productId = product(0)
    const a = await customer()
    const b = await customer()
    const first = await createOk(a.browser, productId, { ...REVIEW, rating: 5 })
    expect(first).toMatchObject({ status: 'pending', verifiedPurchase: false, rating: 5 })
    const second = await createOk(b.browser, productId, { ...REVIEW, rating: 2 })

    expect((await publicList(productId)).summary).toMatchObject({ count: 0, averageX100: null })

    await publish(first.id)
    await publish(second.id)
    const list = await publicList(productId)
    expect(list.summary.count).toBe(2)
    expect(list.summary.averageX100).toBe(350)
    expect(list.summary.distribution).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 0 },
      { stars: 3, count: 0 },
      { stars: 2, count: 1 },
      { stars: 1, count: 0 },
    ])
    expect(list.reviews[0]?.authorName).toBe('Jonas B.')
    expect((await publicList(productId, 'worst')).reviews.map((r) => r.rating)).toEqual([2, 5])
    expect((await publicList(productId, 'best')).reviews.map((r) => r.rating)).toEqual([5, 2])

    const page = await newBrowser().api.catalog.getProduct({ params: { productId } })
    expect(page.status === 200 && page.body.rating).toEqual({ averageX100: 350, count: 2 })
    const [row] = await shop.db
      .select({ avg: products.ratingAvgX100, count: products.ratingCount })
      .from(products)
      .where(eq(products.id, productId))
    expect(row).toEqual({ avg: 350, count: 2 })

    // The category listing offers the rating filter with counts and filters by it.
    const [category] = await shop.db
      .select({ path: categories.path })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, productId))
    const listing = await newBrowser().api.catalog.getCategoryListing({
      query: { path: category?.path ?? '', filter: 'bewertung=3' } as never,
    })
    expect(listing.status).toBe(200)
    if (listing.status === 200) {
      expect(listing.body.products.map((p) => p.id)).toEqual([productId])
      const filter = listing.body.filters.find((f) => f.id === 'bewertung')
      expect(filter?.properties.find((p) => p.value === '3')).toMatchObject({
        quantity: 1,
        checked: true,
      })
      // Steps without products are not offered.
      expect(filter?.properties.map((p) => p.value)).not.toContain('4')
    }

    // Search results offer and apply the same filter (issue 22: "listings and search").
    const [named] = await shop.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, productId))
    const term = (named?.name ?? '')
      .split(/[\s,]+/)
      .slice(0, 3)
      .join(' ')
    const found = await newBrowser().api.catalog.getSearchResults({
      query: { query: term, filter: 'bewertung=3' } as never,
    })
    expect(found.status).toBe(200)
    if (found.status === 200) {
      expect(found.body.products.map((p) => p.id)).toContain(productId)
      for (const tile of found.body.products)
        expect(tile.rating?.averageX100 ?? 0).toBeGreaterThanOrEqual(300)
      const step = found.body.filters
        .find((f) => f.id === 'bewertung')
        ?.properties.find((p) => p.value === '3')
      expect(step).toMatchObject({ checked: true })
    }

    const audit = await shop.db
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.action, 'review.publish'),
          eq(staffAuditLog.entityId, String(first.id)),
        ),
      )
    expect(audit).toHaveLength(1)
  })

  it('rejects with a reason the author sees; publishing twice is a conflict', async () => {
    const productId = product(1)
    const a = await customer()
    const review = await createOk(a.browser, productId)
    const empty = await staff.api.backofficeReviews.reject({
      params: { reviewId: review.id },
      body: { reason: ' ' },
    })
    expect(empty.status).toBe(400)
    const rejected = await staff.api.backofficeReviews.reject({
      params: { reviewId: review.id },
      body: { reason: 'Enthält einen Link zu einem anderen Shop.' },
    })
    expect(rejected.status).toBe(200)
    const mine = await a.browser.api.reviews.getMyProductReviews({ params: { productId } })
    expect(mine.status === 200 && mine.body.review).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Enthält einen Link zu einem anderen Shop.',
    })
    const queue = await staff.api.backofficeReviews.list({ query: { status: 'rejected' } })
    expect(queue.status === 200 && queue.body.reviews.some((r) => r.id === review.id)).toBe(true)
    await publish(review.id)
    const again = await staff.api.backofficeReviews.publish({ params: { reviewId: review.id } })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'review_status_not_allowed' })
    const unknown = await staff.api.backofficeReviews.publish({ params: { reviewId: 999_999 } })
    expect(unknown.status).toBe(404)
  })

  it('allows one review per customer and product, and one submit per 60 minutes (429 + Retry-After)', async () => {
    const productId = product(2)
    const a = await customer()
    const review = await createOk(a.browser, productId)
    const twice = await a.browser.api.reviews.createReview({ params: { productId }, body: REVIEW })
    expect(twice.status).toBe(409)
    expect(twice.body).toMatchObject({ code: 'review_exists' })

    const edit = await a.browser.fetch(`/api/reviews/${review.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...REVIEW, title: 'Doch etwas laut' }),
    })
    expect(edit.status).toBe(429)
    expect(edit.headers.get('retry-after')).toBe('3600')
    const body = (await edit.json()) as { code: string; minutes: number; message: string }
    expect(body).toMatchObject({ code: 'review_too_soon', minutes: 60 })
    expect(body.message).toContain('60 Minuten')

    // Another product is its own form: allowed at once.
    await createOk(a.browser, product(3))

    shop.clock.advance(61 * 60_000)
    const later = await a.browser.api.reviews.updateReview({
      params: { reviewId: review.id },
      body: { ...REVIEW, rating: 3, title: 'Doch etwas laut' },
    })
    expect(later.status).toBe(200)
    expect(later.body).toMatchObject({ status: 'pending', rating: 3, title: 'Doch etwas laut' })
    await staffLogins()
  })

  it('counts the limit atomically: parallel submits make one review', async () => {
    const productId = product(4)
    const a = await customer()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        a.browser.api.reviews.createReview({ params: { productId }, body: REVIEW }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.every((answer) => [200, 409, 429].includes(answer.status))).toBe(true)
    const count = await shop.db.execute<{ n: number }>(
      sql`select count(*)::int as n from reviews where product_id = ${productId}`,
    )
    expect(count[0]?.n).toBe(1)
  })

  it("answers 404 for editing or deleting another customer's review (IDOR), and needs a login", async () => {
    const productId = product(5)
    const owner = await customer()
    const other = await customer('fremder')
    const review = await createOk(owner.browser, productId)
    const edit = await other.browser.api.reviews.updateReview({
      params: { reviewId: review.id },
      body: REVIEW,
    })
    expect(edit.status).toBe(404)
    const del = await other.browser.api.reviews.deleteReview({ params: { reviewId: review.id } })
    expect(del.status).toBe(404)
    const guest = await newBrowser().api.reviews.createReview({
      params: { productId },
      body: REVIEW,
    })
    expect(guest.status).toBe(401)
    const bad = await owner.browser.api.reviews.createReview({
      params: { productId: product(6) },
      body: { rating: 6, title: 'x', text: 'kurz' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      fields: { rating: 'review_rating_required', title: 'min_length', text: 'min_length' },
    })

    await publish(review.id)
    const own = await owner.browser.api.reviews.deleteReview({ params: { reviewId: review.id } })
    expect(own.status).toBe(200)
    expect((await publicList(productId)).summary.count).toBe(0)
  })

  it('marks a review of a bought product "Verifizierter Kauf"', async () => {
    const productId = product(7)
    const buyer = await customer('kaeufer')
    await insertOrder(shop.db, {
      customerId: await customerIdOf(shop.db, buyer.email),
      placedAt: new Date(),
      deliveries: [{ status: 'delivered', lines: [{ productId }] }],
    })
    const mine = await buyer.browser.api.reviews.getMyProductReviews({ params: { productId } })
    expect(mine.status === 200 && mine.body).toMatchObject({ review: null, bought: true })
    const review = await createOk(buyer.browser, productId)
    expect(review.verifiedPurchase).toBe(true)
    await publish(review.id)
    expect((await publicList(productId)).reviews[0]?.verifiedPurchase).toBe(true)
  })

  it('counts "Hilfreich" once per customer, never on one\'s own, and sorts by it', async () => {
    const productId = product(8)
    const author = await customer()
    const second = await customer()
    const voter = await customer('leser')
    const review = await createOk(author.browser, productId)
    const other = await createOk(second.browser, productId)
    const pending = await voter.browser.api.reviews.voteReviewHelpful({
      params: { reviewId: review.id },
    })
    expect(pending.status).toBe(404)
    await publish(review.id)
    await publish(other.id)
    const own = await author.browser.api.reviews.voteReviewHelpful({
      params: { reviewId: review.id },
    })
    expect(own.status).toBe(422)
    expect(own.body).toMatchObject({ code: 'review_vote_own' })
    for (let i = 0; i < 2; i++) {
      const vote = await voter.browser.api.reviews.voteReviewHelpful({
        params: { reviewId: review.id },
      })
      expect(vote.status).toBe(200)
      expect(vote.body).toMatchObject({ helpfulCount: 1 })
    }
    const helpful = await publicList(productId, 'helpful')
    expect(helpful.reviews.map((r) => r.id)).toEqual([review.id, other.id])
    const mine = await voter.browser.api.reviews.getMyProductReviews({ params: { productId } })
    expect(mine.status === 200 && mine.body.votedReviewIds).toEqual([review.id])
  })

  it('takes one comment per customer per 10 minutes on published reviews', async () => {
    const productId = product(9)
    const author = await customer()
    const reader = await customer('kommentar')
    const review = await createOk(author.browser, productId)
    const early = await reader.browser.api.reviews.addReviewComment({
      params: { reviewId: review.id },
      body: { text: 'Welche Lautstärke hast du gemessen?' },
    })
    expect(early.status).toBe(404)
    await publish(review.id)
    const first = await reader.browser.api.reviews.addReviewComment({
      params: { reviewId: review.id },
      body: { text: 'Welche Lautstärke hast du gemessen?' },
    })
    expect(first.status).toBe(200)
    const second = await reader.browser.api.reviews.addReviewComment({
      params: { reviewId: review.id },
      body: { text: 'Und bei welcher Drehzahl?' },
    })
    expect(second.status).toBe(429)
    expect(second.body).toMatchObject({ code: 'review_comment_too_soon', minutes: 10 })
    shop.clock.advance(11 * 60_000)
    await staffLogins()
    const third = await reader.browser.api.reviews.addReviewComment({
      params: { reviewId: review.id },
      body: { text: 'Und bei welcher Drehzahl?' },
    })
    expect(third.status).toBe(200)
    const list = await publicList(productId)
    expect(list.reviews[0]?.comments.map((comment) => comment.authorName)).toEqual([
      'Jonas B.',
      'Jonas B.',
    ])
  })

  it('refuses guests, customers and unknown roles on every moderation route', async () => {
    const a = await customer('kunde-moderation')
    const unknownRole = newBrowser()
    await staffLogIn(unknownRole, await insertStaffAccount(shop.db, 'lager'))
    const guarded = await expectStaffRoutesGuarded(contract.backofficeReviews, {
      guest: newBrowser(),
      customer: a.browser,
      unknownRole,
      staff: { service: staff, admin },
    })
    expect(guarded).toBe(Object.keys(contract.backofficeReviews).length)
  })
})
