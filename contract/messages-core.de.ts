// The texts the first page load can show (add to cart, wishlist heart, compare toggle, category
// navigation, energy label, content snippets, the route error): kept apart from the full catalogue
// (./messages.de.ts includes them) so that the first load does not carry every text of the shop
// (150 KB budget, scripts/bundle-size.ts). Components of the first load use `translateCore`.
import { fillText } from './text.ts'

export const coreMessagesDe = {
  general_error: 'Leider kam es zu einem technischen Problem. Bitte versuche es erneut.',
  service_unavailable:
    'Der Shop ist gerade nicht erreichbar. Bitte versuche es in wenigen Sekunden erneut.',
  cart_add_failed:
    'Leider gibt es gerade technische Schwierigkeiten. Das Produkt konnte nicht in den Warenkorb gelegt werden.',
  cart_quantity_capped:
    'Die gewünschte Menge ist leider nicht verfügbar. Du kannst höchstens {maxQuantity} Stück bestellen.',
  cart_product_unavailable: 'Dieses Produkt ist leider nicht mehr verfügbar.',
  cart_full: 'Dein Warenkorb ist voll. Bitte entferne zuerst andere Produkte.',
  cart_added: 'Das Produkt wurde in den Warenkorb gelegt.',
  wishlist_added: 'Das Produkt wurde auf deinen Merkzettel gesetzt.',
  wishlist_removed: 'Das Produkt wurde von deinem Merkzettel entfernt.',
  wishlist_full: 'Dein Merkzettel ist voll. Bitte entferne zuerst andere Produkte.',
  wishlist_failed: 'Der Merkzettel konnte nicht geändert werden. Bitte versuche es erneut.',
  comparison_added: 'Das Produkt wurde zum Vergleich hinzugefügt.',
  comparison_removed: 'Das Produkt wurde aus dem Vergleich entfernt.',
  comparison_full:
    'Du kannst höchstens 4 Produkte vergleichen. Bitte entferne zuerst ein Produkt aus dem Vergleich.',
  comparison_category_mismatch:
    'Du kannst nur Produkte derselben Kategorie vergleichen. In deinem Vergleich sind bereits Produkte aus „{categoryName}“.',
  comparison_failed: 'Der Vergleich konnte nicht geändert werden. Bitte versuche es erneut.',
  category_no_more_products: 'Es gibt keine weiteren Produkte in dieser Kategorie.',
  categories_load_failed: 'Die Kategorien konnten nicht geladen werden.',
  energy_label_load_failed: 'Das Energielabel konnte nicht geladen werden.',
  content_unavailable: 'Dieser Inhalt ist gerade nicht verfügbar.',
} as const

export type CoreMessageCode = keyof typeof coreMessagesDe

/** German text for a first-load code; placeholders as in translate(). */
export function translateCore(
  code: CoreMessageCode,
  params?: Record<string, string | number>,
): string {
  return fillText(coreMessagesDe[code], params ?? {})
}
