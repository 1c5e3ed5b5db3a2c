// Product pictures through real HTTP (issue 21): an admin uploads JPEG, PNG and WebP files (made
// with sharp here), the type is decided by content, too large or too big files are refused with
// German messages (4xx, never 500), customer service and guests cannot change pictures; the shop
// shows the pictures at once and serves AVIF/WebP/JPEG variants with year-long immutable caching
// and an ETag, made once and then read from the variants table; order, alt texts and deleting.
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BackofficePicture } from '#contract/backoffice-pictures.ts'
import { contract } from '#contract/index.ts'
import { staffAuditLog } from '#db/schema/backoffice.ts'
import { productImages, productImageVariants, products } from '#db/schema/catalog.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import type { Browser } from '#tests/support/client.ts'
import { browserFactory, registerCustomer, uniqueEmail } from './account-fixtures.ts'
import { expectStaffRoutesGuarded, insertStaffAccount, staffLogIn } from './staff-access.ts'

let shop: TestApp
let newBrowser: ReturnType<typeof browserFactory>
let admin: Browser
let service: Browser
let productId: number

async function staffAs(role: string) {
  const email = await insertStaffAccount(shop.db, role)
  const browser = newBrowser()
  await staffLogIn(browser, email)
  return browser
}

beforeAll(async () => {
  shop = await startTestApp({ env: { TRUST_PROXY: '1' } })
  newBrowser = browserFactory(shop.url)
  admin = await staffAs('admin')
  service = await staffAs('service')
  const [product] = await shop.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(products.id)
    .limit(1)
  if (!product) throw new Error('no product')
  productId = product.id
})
afterAll(() => shop.close())

function photo(format: 'jpeg' | 'png' | 'webp', width = 1200, height = 900) {
  const image = sharp({
    create: { width, height, channels: format === 'png' ? 4 : 3, background: '#3366cc' },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f97316"/></svg>`,
      ),
    },
  ])
  return image.toFormat(format).toBuffer()
}

type Upload = { name: string; type: string; bytes: Uint8Array; alt?: string }

function upload(browser: Browser, files: Upload[], id = productId) {
  const form = new FormData()
  for (const file of files) {
    form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
    form.append('alt', file.alt ?? '')
  }
  return browser.fetch(`/api/staff/products/${id}/pictures`, { method: 'POST', body: form })
}

async function picturesOf(id = productId): Promise<BackofficePicture[]> {
  const answer = await admin.api.backofficePictures.list({ params: { id } })
  if (answer.status !== 200) throw new Error(`list answered ${answer.status}`)
  return answer.body.pictures
}

async function shopImages() {
  await new Promise((resolve) => setTimeout(resolve, 50))
  const page = await newBrowser().api.catalog.getProduct({ params: { productId } })
  if (page.status !== 200) throw new Error(`product answered ${page.status}`)
  return page.body
}

describe('access', () => {
  it('refuses guests, customers, unknown roles and unlisted roles on every picture route', async () => {
    const customer = newBrowser()
    await registerCustomer(customer, { email: uniqueEmail('kunde-bilder') })
    const guarded = await expectStaffRoutesGuarded(contract.backofficePictures, {
      guest: newBrowser(),
      customer,
      unknownRole: await staffAs('lager'),
      staff: { service, admin },
    })
    expect(guarded).toBe(Object.keys(contract.backofficePictures).length)
  })

  it('lets customer service read but not upload (403)', async () => {
    expect((await service.api.backofficePictures.list({ params: { id: productId } })).status).toBe(
      200,
    )
    const answer = await upload(service, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await photo('jpeg') },
    ])
    expect(answer.status).toBe(403)
    expect(await picturesOf()).toHaveLength(0)
  })
})

describe('upload', () => {
  it('refuses a text file named .jpg with the client saying image/jpeg (422, German)', async () => {
    const answer = await upload(admin, [
      { name: 'urlaub.jpg', type: 'image/jpeg', bytes: new TextEncoder().encode('kein Bild\n') },
    ])
    expect(answer.status).toBe(422)
    const body = await answer.json()
    expect(body.code).toBe('backoffice_picture_type_invalid')
    expect(body.message).toContain('„urlaub.jpg“ ist kein JPEG-, PNG- oder WebP-Bild')
    expect(await picturesOf()).toHaveLength(0)
  })

  it('refuses a file above 10 MB and a picture above 40 megapixels (422), and an empty upload', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set([0xff, 0xd8, 0xff], 0)
    const tooLarge = await upload(admin, [{ name: 'gross.jpg', type: 'image/jpeg', bytes: big }])
    expect(tooLarge.status).toBe(422)
    expect(await tooLarge.json()).toMatchObject({
      code: 'backoffice_picture_too_large',
      message: expect.stringContaining('10 MB'),
    })
    const huge = await sharp({
      create: { width: 8000, height: 5100, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer()
    const tooMany = await upload(admin, [{ name: 'riesig.png', type: 'image/png', bytes: huge }])
    expect(tooMany.status).toBe(422)
    expect((await tooMany.json()).code).toBe('backoffice_picture_too_many_pixels')
    const tiny = await upload(admin, [
      { name: 'winzig.png', type: 'image/png', bytes: await photo('png', 80, 60) },
    ])
    expect((await tiny.json()).code).toBe('backoffice_picture_too_small')
    const none = await admin.fetch(`/api/staff/products/${productId}/pictures`, {
      method: 'POST',
      body: new FormData(),
    })
    expect(none.status).toBe(422)
    expect((await none.json()).code).toBe('backoffice_picture_required')
    expect(await picturesOf()).toHaveLength(0)
  })

  it('stores JPEG, PNG and WebP by content (whatever the name says), with alt texts, audited', async () => {
    const answer = await upload(admin, [
      { name: 'vorne.jpg', type: 'image/jpeg', bytes: await photo('jpeg'), alt: 'Vorderseite' },
      // A PNG named .jpg with a wrong MIME type is still a PNG.
      { name: 'seite.jpg', type: 'application/octet-stream', bytes: await photo('png', 900, 1200) },
      { name: 'hinten.webp', type: 'image/webp', bytes: await photo('webp'), alt: 'Rückseite' },
    ])
    expect(answer.status).toBe(200)
    const { pictures } = (await answer.json()) as { pictures: BackofficePicture[] }
    expect(pictures.map((p) => [p.position, p.mime, p.alt, p.width, p.height])).toEqual([
      [0, 'image/jpeg', 'Vorderseite', 1200, 900],
      [1, 'image/png', '', 900, 1200],
      [2, 'image/webp', 'Rückseite', 1200, 900],
    ])
    expect(pictures.every((p) => /^[0-9a-f]{64}$/.test(p.hash))).toBe(true)
    const [audit] = await shop.db
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.action, 'product.pictures.add'),
          eq(staffAuditLog.entityId, String(productId)),
        ),
      )
    expect(audit?.after).toHaveLength(3)

    // The shop shows them at once: page, alt texts (an empty one gets the product's name).
    const page = await shopImages()
    expect(page.images.map((i) => i.url)).toEqual(pictures.map((p) => `/bilder/${p.hash}-800.jpg`))
    expect(page.images[0]?.alt).toBe('Vorderseite')
    expect(page.images[1]?.alt).toBe(`${page.name}, Bild 2 von 3`)
    expect(page.image).toBe(`/bilder/${pictures[0]?.hash}-400.jpg`)

    // The same file again is not stored twice.
    const again = await upload(admin, [
      { name: 'vorne.jpg', type: 'image/jpeg', bytes: await photo('jpeg') },
    ])
    expect(again.status).toBe(200)
    expect(await picturesOf()).toHaveLength(3)
  })
})

describe('serving', () => {
  it('serves AVIF, WebP and JPEG variants with immutable caching and an ETag, made once', async () => {
    const [first] = await picturesOf()
    if (!first) throw new Error('no picture')
    const browser = newBrowser()
    for (const [format, type, sharpFormat] of [
      ['avif', 'image/avif', 'heif'],
      ['webp', 'image/webp', 'webp'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const path = `/bilder/${first.hash}-400.${format}`
      const answer = await browser.fetch(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('content-type')).toBe(type)
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(answer.headers.get('etag')).toBe(`"${first.hash}-400.${format}"`)
      expect(answer.headers.get('x-picture-cache')).toBe('miss')
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata()
      expect(meta.format).toBe(sharpFormat)
      expect(meta.width).toBe(400)
      expect(meta.height).toBe(300)

      const second = await browser.fetch(path)
      expect(second.headers.get('x-picture-cache')).toBe('hit')
      const revalidated = await browser.fetch(path, {
        headers: { 'if-none-match': `"${first.hash}-400.${format}"` },
      })
      expect(revalidated.status).toBe(304)
    }
    const [row] = await shop.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productImageVariants)
      .where(eq(productImageVariants.contentHash, first.hash))
    // The editor's thumbnail (200 px WebP) and the three just made.
    expect(row?.n).toBe(4)
    // Small originals are not enlarged: the 1600 px variant of a 1200 px picture is 1200 px.
    const large = await browser.fetch(`/bilder/${first.hash}-1600.webp`)
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(1200)
  })

  it('answers 404 for unknown hashes, widths and formats', async () => {
    const [first] = await picturesOf()
    const browser = newBrowser()
    for (const path of [
      `/bilder/${'0'.repeat(64)}-400.webp`,
      `/bilder/${first?.hash}-500.webp`,
      `/bilder/${first?.hash}-400.gif`,
      '/bilder/irgendwas.jpg',
    ]) {
      expect((await browser.fetch(path)).status, path).toBe(404)
    }
  })
})

describe('order, alt texts, delete', () => {
  it('reorders and edits alt texts; a list that is not the current one is 409', async () => {
    const before = await picturesOf()
    const wanted = [...before].reverse().map((p, i) => ({ id: p.id, alt: `Ansicht ${i + 1}` }))
    const answer = await admin.api.backofficePictures.arrange({
      params: { id: productId },
      body: { pictures: wanted },
    })
    expect(answer.status).toBe(200)
    const after = await picturesOf()
    expect(after.map((p) => [p.id, p.position, p.alt])).toEqual(
      wanted.map((p, i) => [p.id, i, p.alt]),
    )
    const page = await shopImages()
    expect(page.images.map((i) => i.alt)).toEqual(['Ansicht 1', 'Ansicht 2', 'Ansicht 3'])
    expect(page.image).toContain(after[0]?.hash)

    const stale = await admin.api.backofficePictures.arrange({
      params: { id: productId },
      body: { pictures: wanted.slice(1) },
    })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ code: 'backoffice_pictures_changed' })
    const tooLong = await admin.api.backofficePictures.arrange({
      params: { id: productId },
      body: { pictures: wanted.map((p) => ({ ...p, alt: 'x'.repeat(201) })) },
    })
    expect(tooLong.status).toBe(400)
  })

  it('deletes a picture: the others close the gap, its variants go, its address is 404', async () => {
    const before = await picturesOf()
    const gone = before[1]
    if (!gone) throw new Error('no second picture')
    await newBrowser().fetch(`/bilder/${gone.hash}-200.jpg`)
    const answer = await admin.api.backofficePictures.remove({
      params: { id: productId, pictureId: gone.id },
    })
    expect(answer.status).toBe(200)
    const after = await picturesOf()
    expect(after.map((p) => [p.id, p.position])).toEqual(
      before.filter((p) => p.id !== gone.id).map((p, i) => [p.id, i]),
    )
    expect((await newBrowser().fetch(`/bilder/${gone.hash}-200.jpg`)).status).toBe(404)
    const [row] = await shop.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productImageVariants)
      .where(eq(productImageVariants.contentHash, gone.hash))
    expect(row?.n).toBe(0)
    const missing = await admin.api.backofficePictures.remove({
      params: { id: productId, pictureId: gone.id },
    })
    expect(missing.status).toBe(404)
    expect((await shopImages()).images).toHaveLength(2)
  })

  it('falls back to the drawings when the last picture is gone', async () => {
    for (const picture of await picturesOf()) {
      await admin.api.backofficePictures.remove({
        params: { id: productId, pictureId: picture.id },
      })
    }
    const left = await shop.db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
    expect(left).toHaveLength(0)
    const page = await shopImages()
    expect(page.image).toMatch(/\/images\/1\.svg$/)
    expect(page.images[0]?.url).toMatch(/\.svg$/)
  })
})
