// The empty-cart template (GET /cart/get-empty-cart-template/): fixed markup without any
// visitor data, so the page may insert it as it is.

const LINKS = [
  { href: '/kategorie/notebooks', text: 'Notebooks' },
  { href: '/kategorie/pc-komponenten/grafikkarten', text: 'Grafikkarten' },
  { href: '/kategorie/monitore', text: 'Monitore' },
  { href: '/studentenprogramm', text: 'Campus-Deals' },
]

function template(wishlist: boolean): string {
  const wishlistHint = wishlist ? ' oder wirf einen Blick auf deinen Merkzettel' : ''
  const wishlistLink = wishlist
    ? ' <a class="btn btn--secondary btn--md" href="/merkzettel"><span class="btn__label">Zum Merkzettel</span></a>'
    : ''
  return `<div class="empty-cart">
  <svg class="empty-cart__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"/></svg>
  <h2 class="empty-cart__title">Dein Warenkorb ist leer</h2>
  <p class="empty-cart__text">Zur Zeit befinden sich keine Produkte im Warenkorb. Stöbere in unseren Angeboten${wishlistHint}.</p>
  <ul class="empty-cart__links">
${LINKS.map((link) => `    <li><a href="${link.href}">${link.text}</a></li>`).join('\n')}
  </ul>
  <p class="empty-cart__actions"><a class="btn btn--primary btn--md" href="/"><span class="btn__label">Weiter einkaufen</span></a>${wishlistLink}</p>
</div>`
}

const WITH_WISHLIST = template(true)
const WITHOUT_WISHLIST = template(false)

/** The template; the white-label variant has no wishlist to point to. */
export function emptyCartTemplate(options: { whiteLabel: boolean }): string {
  return options.whiteLabel ? WITHOUT_WISHLIST : WITH_WISHLIST
}
