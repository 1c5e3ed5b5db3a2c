// Product pictures (issue 21): the public picture addresses and their rules, shared by the server
// (which makes and serves the variants) and the web (which writes <picture>/srcset). An address
// names the original's content hash, so it never changes meaning and is cached for a year.
import { z } from 'zod'
import { c, ErrorSchema } from './errors.ts'

/** Widths of the variants (px); a picture is never enlarged, so small originals repeat. */
export const PICTURE_WIDTHS = [200, 400, 800, 1600] as const
export type PictureWidth = (typeof PICTURE_WIDTHS)[number]
/** Variant formats, best first; jpg is the fallback every browser shows. */
export const PICTURE_FORMATS = ['avif', 'webp', 'jpg'] as const
export type PictureFormat = (typeof PICTURE_FORMATS)[number]
export const PICTURE_MIME: Record<PictureFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
}
export const PICTURE_PREFIX = '/bilder/'

const FILE = /^([0-9a-f]{64})-(\d{2,4})\.(avif|webp|jpg)$/

/** `/bilder/{sha256}-{width}.{format}` */
export function pictureUrl(hash: string, width: PictureWidth, format: PictureFormat): string {
  return `${PICTURE_PREFIX}${hash}-${width}.${format}`
}

/** The parts of a picture file name, or null when it is none of ours. */
export function parsePictureFile(
  file: string,
): { hash: string; width: PictureWidth; format: PictureFormat } | null {
  const match = FILE.exec(file)
  if (!match?.[1] || !match[2] || !match[3]) return null
  const width = Number(match[2]) as PictureWidth
  if (!PICTURE_WIDTHS.includes(width)) return null
  return { hash: match[1], width, format: match[3] as PictureFormat }
}

/** The content hash of a picture address (`image` of tiles and pages), or null for a drawing. */
export function pictureHashOf(url: string): string | null {
  if (!url.startsWith(PICTURE_PREFIX)) return null
  return parsePictureFile(url.slice(PICTURE_PREFIX.length))?.hash ?? null
}

/** `srcset` of one format over every width. */
export function pictureSrcSet(hash: string, format: PictureFormat): string {
  return PICTURE_WIDTHS.map((w) => `${pictureUrl(hash, w, format)} ${w}w`).join(', ')
}

export const catalogPicturesContract = c.router({
  getPicture: {
    method: 'GET',
    path: '/bilder/:file',
    pathParams: z.object({ file: z.string().max(120) }),
    responses: {
      // Sent as a stream with its own Content-Type (image/avif, image/webp or image/jpeg).
      200: c.otherResponse({ contentType: 'image/avif', body: c.type<unknown>() }),
      304: c.noBody(),
      404: ErrorSchema,
    },
    summary:
      'A product picture variant (AVIF, WebP or JPEG at 200-1600 px), made on first request; immutable (issue 21)',
  },
})
