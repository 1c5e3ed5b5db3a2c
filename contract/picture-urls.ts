// Product picture addresses (issue 21), without zod or ts-rest: the shop's first JavaScript
// imports this (tiles, gallery), so it stays a few lines. The route is in catalog-pictures.ts.

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
