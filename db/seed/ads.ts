// Ad slots and house ads: Campus deals, the business voucher (20 € ab 1.000 € Bestellwert), the
// newsletter and a category-targeted campaign. Seeded once, when no slot exists yet.
import { count } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { type AdTheme, adCreatives, adLineItems, adSlots } from '../schema/ads.ts'

type SeedSlot = typeof adSlots.$inferInsert

export const AD_SLOTS: SeedSlot[] = [
  {
    id: 'home-slider',
    name: 'Startseite: Slider',
    page: 'home',
    device: 'all',
    kind: 'slider',
    rotationIsActive: true,
  },
  {
    id: 'category-top',
    name: 'Kategorie: Banner oben',
    page: 'category',
    device: 'desktop',
    kind: 'banner',
    rotationIsActive: true,
  },
  {
    id: 'category-top-mobile',
    name: 'Kategorie: Banner oben (mobil)',
    page: 'category',
    device: 'mobile',
    kind: 'banner',
    rotationIsActive: true,
  },
  {
    id: 'product-sidebar',
    name: 'Produkt: Banner',
    page: 'product',
    device: 'all',
    kind: 'banner',
    rotationIsActive: true,
  },
  {
    id: 'cart-banner',
    name: 'Warenkorb: Banner',
    page: 'cart',
    device: 'all',
    kind: 'banner',
    rotationIsActive: false,
  },
  {
    id: 'newsletter-teaser',
    name: 'Newsletter: Slider',
    page: 'newsletter',
    device: 'all',
    kind: 'slider',
    rotationIsActive: true,
  },
  {
    id: 'skin-left',
    name: 'Site-Skin links',
    page: 'all',
    device: 'desktop',
    kind: 'skin',
    rotationIsActive: false,
  },
  {
    id: 'skin-right',
    name: 'Site-Skin rechts',
    page: 'all',
    device: 'desktop',
    kind: 'skin',
    rotationIsActive: false,
  },
]

type HouseAd = {
  headline: string
  text: string
  linkUrl: string
  linkLabel: string
  theme: AdTheme
}

const CAMPUS: HouseAd = {
  headline: 'Campus-Deals: bis zu 15 % sparen',
  text: 'Für Studierende, Schüler, Auszubildende und Lehrkräfte: exklusive Campus-Preise auf Notebooks, Tablets und Zubehör.',
  linkUrl: '/studentenprogramm',
  linkLabel: 'Zu den Campus-Deals',
  theme: 'campus',
}

const BUSINESS: HouseAd = {
  headline: '20 € Gutschein für Geschäftskunden',
  text: '20 € ab 1.000 € Bestellwert: Jetzt ein Geschäftskundenkonto anlegen und bei der ersten großen Bestellung sparen.',
  linkUrl: '/kundenkonto/registrieren',
  linkLabel: 'Geschäftskonto anlegen',
  theme: 'navy',
}

const NEWSLETTER: HouseAd = {
  headline: 'Deals der Woche zuerst erfahren',
  text: 'Mit dem Bitwerk-Newsletter verpasst du keine Aktion mehr. Jederzeit abbestellbar.',
  linkUrl: '/newsletter',
  linkLabel: 'Newsletter abonnieren',
  theme: 'accent',
}

const GAMING: HouseAd = {
  headline: 'Gaming-Wochen: Grafikkarten im Angebot',
  text: 'Aktuelle Grafikkarten und Gaming-PCs mit Bestpreis-Garantie, solange der Vorrat reicht.',
  linkUrl: '/produkte/grafikkarte',
  linkLabel: 'Angebote ansehen',
  theme: 'light',
}

type LineItemSeed = {
  slotId: string
  name: string
  priority: number
  categories?: string[]
  keywords?: string[]
  ads: HouseAd[]
}

const LINE_ITEMS: LineItemSeed[] = [
  {
    slotId: 'home-slider',
    name: 'Startseite: Hausanzeigen',
    priority: 10,
    ads: [CAMPUS, BUSINESS, NEWSLETTER],
  },
  {
    slotId: 'category-top',
    name: 'Gaming-Wochen',
    priority: 20,
    categories: ['grafikkarten', 'gaming-pcs', 'gaming'],
    ads: [GAMING],
  },
  { slotId: 'category-top', name: 'Kategorie: Campus', priority: 5, ads: [CAMPUS] },
  {
    slotId: 'category-top',
    name: 'Kategorie: Geschäftskunden',
    priority: 5,
    keywords: ['kunde:business'],
    ads: [BUSINESS],
  },
  { slotId: 'category-top-mobile', name: 'Kategorie mobil: Campus', priority: 5, ads: [CAMPUS] },
  { slotId: 'product-sidebar', name: 'Produkt: Campus', priority: 5, ads: [CAMPUS] },
  { slotId: 'product-sidebar', name: 'Produkt: Geschäftskunden', priority: 5, ads: [BUSINESS] },
  {
    slotId: 'cart-banner',
    name: 'Warenkorb: Geschäftskunden-Gutschein',
    priority: 5,
    ads: [BUSINESS],
  },
  {
    slotId: 'newsletter-teaser',
    name: 'Newsletter-Seite: Hausanzeigen',
    priority: 5,
    ads: [CAMPUS, BUSINESS],
  },
  {
    slotId: 'skin-left',
    name: 'Skin links: Campus',
    priority: 5,
    ads: [
      {
        ...CAMPUS,
        headline: 'Campus-Deals',
        text: 'Bis zu 15 % Rabatt für Studierende und Lehrkräfte.',
      },
    ],
  },
  {
    slotId: 'skin-right',
    name: 'Skin rechts: Geschäftskunden',
    priority: 5,
    ads: [
      {
        ...BUSINESS,
        headline: '20 € für Firmen',
        text: 'Ab 1.000 € Bestellwert, für neue Geschäftskunden.',
      },
    ],
  },
]

export async function seedAds(db: DbOrTx): Promise<void> {
  const [row] = await db.select({ n: count() }).from(adSlots)
  if ((row?.n ?? 0) > 0) return
  await db.insert(adSlots).values(AD_SLOTS)
  for (const item of LINE_ITEMS) {
    const [lineItem] = await db
      .insert(adLineItems)
      .values({
        slotId: item.slotId,
        name: item.name,
        priority: item.priority,
        categories: item.categories ?? [],
        keywords: item.keywords ?? [],
      })
      .returning({ id: adLineItems.id })
    if (!lineItem) throw new Error('line item insert returned nothing')
    await db.insert(adCreatives).values(
      item.ads.map((ad, index) => ({
        ...ad,
        lineItemId: lineItem.id,
        imageAlt: '',
        sortOrder: index,
      })),
    )
  }
}
