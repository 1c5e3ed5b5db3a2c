// Money on the wire: integer cents, and the German price strings the spec sends in some answers
// ("1.299,00 €"). One formatter for the server and the browser.
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })

/** 129900 -> "1.299,00 €" (with a no-break space before the euro sign). */
export function formatEuro(cents: number): string {
  return euro.format(cents / 100)
}
