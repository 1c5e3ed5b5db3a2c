// Public URLs of catalog pages and generated files. Pages: /kategorie/{slug path} and
// /artikel/{slug}-{id}; search results stay at the spec's /produkte/{term}.

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

export function energyLabelImageUrl(id: number): string {
  return `/api/catalog/products/${id}/energielabel.svg`
}

export function dataSheetUrl(id: number): string {
  return `/api/catalog/products/${id}/datenblatt.pdf`
}

export function categoryImageUrl(id: number): string {
  return `/api/catalog/categories/${id}/bild.svg`
}
