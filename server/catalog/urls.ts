// Public URLs of catalog pages and generated files. Pages: /kategorie/{slug path} and
// /artikel/{slug}-{id}; search results stay at the spec's /produkte/{term}.

import { pictureUrl } from '#contract/catalog-pictures.ts'

export const CATEGORY_PREFIX = '/kategorie/'
export const PRODUCT_PREFIX = '/artikel/'

export function categoryUrl(path: string): string {
  return `${CATEGORY_PREFIX}${path}`
}

export function productUrl(slug: string, id: number): string {
  return `${PRODUCT_PREFIX}${slug}-${id}`
}

export function searchUrl(term: string): string {
  return `/produkte/${encodeURIComponent(term)}`
}

export function productImageUrl(id: number, index = 1): string {
  return `/api/catalog/products/${id}/images/${index}.svg`
}

/**
 * The picture of a product in tiles, the cart and lists: its first uploaded picture (JPEG,
 * 400 px; the web adds AVIF/WebP sources from the hash), else the generated drawing.
 */
export function tileImageUrl(id: number, pictureHash: string | null | undefined): string {
  return pictureHash ? pictureUrl(pictureHash, 400, 'jpg') : productImageUrl(id)
}

export function energyLabelImageUrl(id: number): string {
  return `/api/catalog/products/${id}/energielabel.svg`
}

export function dataSheetUrl(id: number): string {
  return `/api/catalog/products/${id}/datenblatt.pdf`
}

export function categoryImageUrl(id: number): string {
  return `/api/catalog/categories/${id}/bild.svg`
}
