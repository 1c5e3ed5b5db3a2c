// Paths of the shop's pages, in one place.
export const paths = {
  home: '/',
  search: (term: string) => `/produkte/${encodeURIComponent(term)}`,
  cart: '/warenkorb',
  checkout: '/kasse',
  checkoutSuccess: '/kasse/erfolgreich',
  wishlist: '/merkzettel',
  /** The product comparison (issue 22). */
  comparison: '/vergleich',
  newsletter: '/newsletter',
  campusDeals: '/studentenprogramm',
  /** The withdrawal function for anyone (issue 19), linked from every page's footer. */
  withdrawal: '/widerruf',
  /** Take-back of old devices and batteries (ElektroG § 18, BattG), linked from footer and products. */
  disposal: '/altgeraete-und-batterien',
  info: (section: InfoSection) => `/infocenter/section/${section}`,
  account: {
    overview: '/kundenkonto',
    login: '/kundenkonto/login',
    register: '/kundenkonto/registrieren',
    passwordForgotten: '/kundenkonto/passwort+vergessen',
    orders: '/kundenkonto/bestellungen',
    customerData: '/kundenkonto/kontaktinformationen',
    addresses: '/kundenkonto/adressen',
    creditCards: '/kundenkonto/kreditkarten',
    campus: '/kundenkonto/studentenprogramm',
  },
} as const

export const INFO_SECTIONS = {
  privacy: 'Datenschutz',
  conditions: 'AGB',
  imprint: 'Impressum',
  withdrawal: 'Widerrufsbelehrung',
  shipping: 'Versand und Zahlung',
} as const
export type InfoSection = keyof typeof INFO_SECTIONS
