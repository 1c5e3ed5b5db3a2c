// Uploaded product pictures (issue 21): checking a file by its content, storing the original in
// Postgres, ordering and describing the pictures, and making the resized variants the shop serves
// (sharp: AVIF, WebP, JPEG at the contract's widths). Variants are made on their first request
// and kept in product_image_variants, the cache every process on the database shares.
import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Metadata, Sharp } from 'sharp'
import {
  type BackofficePicture,
  PICTURE_MAX_PIXELS,
  PICTURE_MIN_EDGE,
  type PICTURE_UPLOAD_CODES,
  PICTURES_PER_PRODUCT,
} from '#contract/backoffice-pictures.ts'
import {
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  pictureUrl,
} from '#contract/catalog-pictures.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import { productImages, productImageVariants, products } from '#db/schema/catalog.ts'
import { err, ok, type Result } from '#server/platform/result.ts'

type SharpFactory = typeof import('sharp').default
let sharpModule: Promise<SharpFactory> | null = null

/**
 * sharp (libvips, about 11 MB of the process's memory) is loaded on the first picture upload or
 * variant, not at start (issue 23: most processes never make one). Two cores serve the whole
 * shop: one libvips thread per operation, results not kept by libvips (the variants table is the
 * cache).
 */
function loadSharp(): Promise<SharpFactory> {
  const loading =
    sharpModule ??
    import('sharp').then(({ default: sharp }): SharpFactory => {
      sharp.concurrency(1)
      sharp.cache(false)
      return sharp
    })
  sharpModule = loading
  return loading
}

type PictureMime = 'image/jpeg' | 'image/png' | 'image/webp'
export type PictureUploadCode = (typeof PICTURE_UPLOAD_CODES)[number]

/** A checked upload, ready to be stored. */
export type InspectedPicture = {
  bytes: Buffer
  hash: string
  mime: PictureMime
  width: number
  height: number
  alt: string
}

/** The type by the first bytes: the file name and the browser's MIME type are not looked at. */
export function sniffPictureType(bytes: Uint8Array): PictureMime | null {
  const b = bytes
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return 'image/png'
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

const SHARP_FORMAT: Record<PictureMime, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
}

/**
 * Checks one uploaded file: magic bytes, then the decoder's view (format, pixel count, edges),
 * then a full decode into the editor's thumbnail, so a damaged file is refused now rather than
 * failing in the shop later. The thumbnail is stored as the first variant.
 */
export async function inspectPicture(
  bytes: Buffer,
  alt: string,
): Promise<Result<{ picture: InspectedPicture; thumbnail: Buffer }, PictureUploadCode>> {
  const mime = sniffPictureType(bytes)
  if (!mime) return err('backoffice_picture_type_invalid')
  let meta: Metadata
  try {
    const sharp = await loadSharp()
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    return err('backoffice_picture_type_invalid')
  }
  if (meta.format !== SHARP_FORMAT[mime] || !meta.width || !meta.height) {
    return err('backoffice_picture_type_invalid')
  }
  if (meta.width * meta.height > PICTURE_MAX_PIXELS)
    return err('backoffice_picture_too_many_pixels')
  // EXIF orientation: the shop shows the picture upright, so its size is the turned one.
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (Math.min(width, height) < PICTURE_MIN_EDGE) return err('backoffice_picture_too_small')
  let thumbnail: Buffer
  try {
    thumbnail = await makeVariant(bytes, THUMBNAIL.width, THUMBNAIL.format)
  } catch {
    return err('backoffice_picture_type_invalid')
  }
  const hash = createHash('sha256').update(bytes).digest('hex')
  return ok({ picture: { bytes, hash, mime, width, height, alt }, thumbnail })
}

export type InspectedUpload = { picture: InspectedPicture; thumbnail: Buffer }

/** The editor's list shows this variant. */
const THUMBNAIL = { width: 200 as PictureWidth, format: 'webp' as PictureFormat }

async function makeVariant(
  original: Buffer,
  width: PictureWidth,
  format: PictureFormat,
): Promise<Buffer> {
  const sharp = await loadSharp()
  const resized: Sharp = sharp(original, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
  switch (format) {
    case 'avif':
      return resized.avif({ quality: 55, effort: 2 }).toBuffer()
    case 'webp':
      return resized.webp({ quality: 80 }).toBuffer()
    case 'jpg':
      return resized
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer()
  }
}

// --- Reading -----------------------------------------------------------------------------------

const listColumns = {
  id: productImages.id,
  position: productImages.position,
  alt: productImages.altText,
  hash: productImages.contentHash,
  mime: productImages.mime,
  width: productImages.width,
  height: productImages.height,
  byteSize: productImages.byteSize,
}

function toPicture(row: Omit<BackofficePicture, 'thumbnailUrl'>): BackofficePicture {
  return { ...row, thumbnailUrl: pictureUrl(row.hash, THUMBNAIL.width, THUMBNAIL.format) }
}

async function productExists(db: DbOrTx, productId: number, lock: boolean): Promise<boolean> {
  const query = db.select({ id: products.id }).from(products).where(eq(products.id, productId))
  // Serializes picture changes of one product (positions stay 0..n-1 without gaps).
  const rows = lock ? await query.for('update') : await query
  return rows.length > 0
}

async function selectPictures(db: DbOrTx, productId: number): Promise<BackofficePicture[]> {
  const rows = await db
    .select(listColumns)
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
  return rows.map(toPicture)
}

/** The editor's list, or null for an unknown product. */
export async function listProductPictures(
  db: Db,
  productId: number,
): Promise<BackofficePicture[] | null> {
  if (!(await productExists(db, productId, false))) return null
  return selectPictures(db, productId)
}

/** What the shop's product page needs of each picture, in order. */
export type ShopPicture = { hash: string; alt: string; width: number; height: number }

export async function selectShopPictures(db: DbOrTx, productId: number): Promise<ShopPicture[]> {
  return db
    .select({
      hash: productImages.contentHash,
      alt: productImages.altText,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
}

// --- Changing ----------------------------------------------------------------------------------

type Change = { before: BackofficePicture[]; after: BackofficePicture[] }

/** Adds checked pictures at the end; a file the product already has is not added twice. */
export async function addProductPictures(
  tx: Tx,
  productId: number,
  checked: { picture: InspectedPicture; thumbnail: Buffer }[],
): Promise<Result<Change, 'not_found' | 'backoffice_picture_limit'>> {
  if (!(await productExists(tx, productId, true))) return err('not_found')
  const before = await selectPictures(tx, productId)
  const known = new Set(before.map((p) => p.hash))
  const fresh = checked.filter(({ picture }, i) => {
    const first = checked.findIndex((c) => c.picture.hash === picture.hash) === i
    return first && !known.has(picture.hash)
  })
  if (before.length + fresh.length > PICTURES_PER_PRODUCT) return err('backoffice_picture_limit')
  if (fresh.length > 0) {
    await tx.insert(productImages).values(
      fresh.map(({ picture }, i) => ({
        productId,
        position: before.length + i,
        altText: picture.alt,
        contentHash: picture.hash,
        mime: picture.mime,
        width: picture.width,
        height: picture.height,
        byteSize: picture.bytes.length,
        original: picture.bytes,
      })),
    )
    await tx
      .insert(productImageVariants)
      .values(
        fresh.map(({ picture, thumbnail }) => ({
          contentHash: picture.hash,
          width: THUMBNAIL.width,
          format: THUMBNAIL.format,
          bytes: thumbnail,
        })),
      )
      .onConflictDoNothing()
  }
  return ok({ before, after: await selectPictures(tx, productId) })
}

/** Sets order and alt texts; the list must name exactly the product's pictures. */
export async function arrangeProductPictures(
  tx: Tx,
  productId: number,
  wanted: { id: number; alt: string }[],
): Promise<Result<Change, 'not_found' | 'backoffice_pictures_changed'>> {
  if (!(await productExists(tx, productId, true))) return err('not_found')
  const before = await selectPictures(tx, productId)
  const ids = new Set(wanted.map((p) => p.id))
  const same =
    ids.size === wanted.length &&
    wanted.length === before.length &&
    before.every((p) => ids.has(p.id))
  if (!same) return err('backoffice_pictures_changed')
  for (const [position, picture] of wanted.entries()) {
    await tx
      .update(productImages)
      .set({ position, altText: picture.alt })
      .where(and(eq(productImages.id, picture.id), eq(productImages.productId, productId)))
  }
  return ok({ before, after: await selectPictures(tx, productId) })
}

/** Deletes one picture; the others close the gap, and unused variants go too. */
export async function removeProductPicture(
  tx: Tx,
  productId: number,
  pictureId: number,
): Promise<Result<Change, 'not_found'>> {
  if (!(await productExists(tx, productId, true))) return err('not_found')
  const before = await selectPictures(tx, productId)
  const gone = before.find((p) => p.id === pictureId)
  if (!gone) return err('not_found')
  await tx.delete(productImages).where(eq(productImages.id, pictureId))
  const rest = before.filter((p) => p.id !== pictureId)
  for (const [position, picture] of rest.entries()) {
    if (picture.position !== position) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, picture.id))
    }
  }
  await tx
    .delete(productImageVariants)
    .where(
      and(
        eq(productImageVariants.contentHash, gone.hash),
        sql`not exists (select 1 from ${productImages} where ${productImages.contentHash} = ${gone.hash})`,
      ),
    )
  return ok({ before, after: await selectPictures(tx, productId) })
}

/**
 * The bulk import's writer (issue 21): makes the product's pictures exactly `wanted` (content
 * hashes in order, with alt texts). A picture whose hash stays keeps its row (id, original,
 * variants); new hashes are stored from `fresh` (checked by inspectPicture); the others are
 * deleted with their unused variants. Positions end as 0..n-1.
 */
export async function replaceProductPictures(
  tx: Tx,
  productId: number,
  wanted: { hash: string; alt: string }[],
  fresh: ReadonlyMap<string, InspectedUpload>,
): Promise<Result<Change, 'not_found' | 'backoffice_picture_limit'>> {
  if (!(await productExists(tx, productId, true))) return err('not_found')
  const unique = wanted.filter((p, i) => wanted.findIndex((q) => q.hash === p.hash) === i)
  if (unique.length > PICTURES_PER_PRODUCT) return err('backoffice_picture_limit')
  const before = await selectPictures(tx, productId)
  const keep = new Set(unique.map((p) => p.hash))
  const gone = before.filter((p) => !keep.has(p.hash))
  if (gone.length > 0) {
    await tx.delete(productImages).where(
      inArray(
        productImages.id,
        gone.map((p) => p.id),
      ),
    )
  }
  const known = new Map(before.map((p) => [p.hash, p]))
  const added = unique.filter((p) => !known.has(p.hash))
  // New rows start after every old position, so no two rows of the product share one meanwhile.
  const offset = before.length + unique.length
  if (added.length > 0) {
    const rows = added.map((wantedPicture) => {
      const checked = fresh.get(wantedPicture.hash)
      if (!checked) throw new Error(`picture ${wantedPicture.hash} not checked`)
      return { wantedPicture, checked }
    })
    await tx.insert(productImages).values(
      rows.map(({ wantedPicture, checked }, i) => ({
        productId,
        position: offset + i,
        altText: wantedPicture.alt,
        contentHash: checked.picture.hash,
        mime: checked.picture.mime,
        width: checked.picture.width,
        height: checked.picture.height,
        byteSize: checked.picture.bytes.length,
        original: checked.picture.bytes,
      })),
    )
    await tx
      .insert(productImageVariants)
      .values(
        rows.map(({ checked }) => ({
          contentHash: checked.picture.hash,
          width: THUMBNAIL.width,
          format: THUMBNAIL.format,
          bytes: checked.thumbnail,
        })),
      )
      .onConflictDoNothing()
  }
  for (const [position, picture] of unique.entries()) {
    const old = known.get(picture.hash)
    if (old && old.position === position && old.alt === picture.alt) continue
    await tx
      .update(productImages)
      .set({ position, altText: picture.alt })
      .where(
        and(eq(productImages.productId, productId), eq(productImages.contentHash, picture.hash)),
      )
  }
  for (const picture of gone) {
    await tx
      .delete(productImageVariants)
      .where(
        and(
          eq(productImageVariants.contentHash, picture.hash),
          sql`not exists (select 1 from ${productImages} where ${productImages.contentHash} = ${picture.hash})`,
        ),
      )
  }
  return ok({ before, after: await selectPictures(tx, productId) })
}

export type StoredUpload = {
  picture: Omit<InspectedPicture, 'bytes'> & { bytes?: Buffer }
  thumbnail: Buffer
}

/**
 * Pictures already stored (checked when they were uploaded or imported), by hash, with the
 * editor's thumbnail: the import adds such a file to another product without decoding it again.
 * `withOriginals` also reads the originals (the run's rare fallback).
 */
export async function storedPictureUploads(
  db: DbOrTx,
  hashes: string[],
  withOriginals: boolean,
): Promise<Map<string, StoredUpload>> {
  const found = new Map<string, StoredUpload>()
  if (hashes.length === 0) return found
  const rows = await db
    .selectDistinctOn([productImages.contentHash], {
      hash: productImages.contentHash,
      mime: productImages.mime,
      width: productImages.width,
      height: productImages.height,
      thumbnail: productImageVariants.bytes,
      ...(withOriginals ? { original: productImages.original } : {}),
    })
    .from(productImages)
    .innerJoin(
      productImageVariants,
      and(
        eq(productImageVariants.contentHash, productImages.contentHash),
        eq(productImageVariants.width, THUMBNAIL.width),
        eq(productImageVariants.format, THUMBNAIL.format),
      ),
    )
    .where(inArray(productImages.contentHash, hashes))
    .orderBy(productImages.contentHash)
  for (const row of rows) {
    const picture = {
      hash: row.hash,
      mime: row.mime as PictureMime,
      width: row.width,
      height: row.height,
      alt: '',
    }
    const original = (row as { original?: Buffer }).original
    found.set(row.hash, {
      picture: original ? { ...picture, bytes: original } : picture,
      thumbnail: row.thumbnail,
    })
  }
  return found
}

/** Rows in product order to each product's list (order kept). */
function groupByProduct<T extends { productId: number }>(
  rows: T[],
): Map<number, Omit<T, 'productId'>[]> {
  const byProduct = new Map<number, Omit<T, 'productId'>[]>()
  for (const { productId, ...picture } of rows) {
    const list = byProduct.get(productId)
    if (list) list.push(picture)
    else byProduct.set(productId, [picture])
  }
  return byProduct
}

/** The pictures (hash and alt text, in order) of the given products, for the import's compare. */
export async function pictureListsOf(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, { hash: string; alt: string }[]>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .select({
      productId: productImages.productId,
      hash: productImages.contentHash,
      alt: productImages.altText,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
  return groupByProduct(rows)
}

/** The originals of the given products' pictures, in order (the export's ZIP archive). */
export async function pictureOriginalsOf(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, { hash: string; alt: string; mime: string; original: Buffer }[]>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .select({
      productId: productImages.productId,
      hash: productImages.contentHash,
      alt: productImages.altText,
      mime: productImages.mime,
      original: productImages.original,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
  return groupByProduct(rows)
}

/** The ids of products that have pictures (the export reads their originals in batches). */
export async function productsWithPictures(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ productId: productImages.productId })
    .from(productImages)
    .orderBy(asc(productImages.productId))
  return rows.map((row) => row.productId)
}

// --- Serving -----------------------------------------------------------------------------------

/** Variants being made in this process: a second request for the same one waits for the first. */
const making = new Map<string, Promise<Buffer | null>>()

/**
 * One variant's bytes: from the variants table, else made from the original and stored (another
 * process making it at the same moment is harmless: the first insert wins). Null when no picture
 * has this hash (deleted, or never uploaded).
 */
export async function pictureVariant(
  db: Db,
  hash: string,
  width: PictureWidth,
  format: PictureFormat,
): Promise<{ bytes: Buffer; cached: boolean } | null> {
  if (!PICTURE_WIDTHS.includes(width)) return null
  const [stored] = await db
    .select({ bytes: productImageVariants.bytes })
    .from(productImageVariants)
    .where(
      and(
        eq(productImageVariants.contentHash, hash),
        eq(productImageVariants.width, width),
        eq(productImageVariants.format, format),
        sql`exists (select 1 from ${productImages} where ${productImages.contentHash} = ${hash})`,
      ),
    )
  if (stored) return { bytes: stored.bytes, cached: true }
  const key = `${hash}-${width}.${format}`
  let pending = making.get(key)
  if (!pending) {
    pending = makeAndStore(db, hash, width, format).finally(() => making.delete(key))
    making.set(key, pending)
  }
  const bytes = await pending
  return bytes ? { bytes, cached: false } : null
}

async function makeAndStore(
  db: Db,
  hash: string,
  width: PictureWidth,
  format: PictureFormat,
): Promise<Buffer | null> {
  const [source] = await db
    .select({ original: productImages.original })
    .from(productImages)
    .where(eq(productImages.contentHash, hash))
    .limit(1)
  if (!source) return null
  const bytes = await makeVariant(source.original, width, format)
  await db
    .insert(productImageVariants)
    .values({ contentHash: hash, width, format, bytes })
    .onConflictDoNothing()
  return bytes
}
