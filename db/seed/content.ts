// Editable content blocks: the newsletter page's intro, modal contents and the help widget's
// questions (the legal texts moved to the legal slice's versions, issue 20). Missing blocks are
// added at every start; blocks that exist (maybe edited) are never overwritten.
import type { DbOrTx } from '../client.ts'
import { contentBlocks, type StoredContentBlock } from '../schema/ads.ts'

type SeedBlock = {
  id: string
  title: string
  isPlaceholder?: boolean
  blocks: StoredContentBlock[]
}

const p = (text: string): StoredContentBlock => ({ type: 'paragraph', text })
const h = (text: string): StoredContentBlock => ({ type: 'heading', text })
const ul = (...items: string[]): StoredContentBlock => ({ type: 'list', items })

export const CONTENT_BLOCKS: SeedBlock[] = [
  {
    id: 'newsletter_intro',
    title: 'Das steckt im Newsletter',
    blocks: [
      ul(
        'Die besten Deals der Woche, bevor sie ausverkauft sind',
        'Exklusive Gutscheine nur für Abonnentinnen und Abonnenten',
        'Tests, Kaufberatung und Neuheiten aus der Technikwelt',
      ),
      p('Ein Beispiel aus unserer Kaufberatung:'),
      {
        type: 'video',
        youtubeId: 'M7lc1UVf-VE',
        title: 'Kaufberatung: Das richtige Notebook finden',
      },
    ],
  },
  {
    id: 'modal_newsletter_privacy',
    title: 'Datenschutzhinweis zum Newsletter',
    blocks: [
      p(
        'Wir speichern deine E-Mail-Adresse und die Art des Newsletters, dazu Zeitpunkt und Text deiner Einwilligung sowie den Zeitpunkt der Bestätigung. Erst nach deinem Klick auf den Link in unserer Bestätigungs-E-Mail erhältst du Newsletter.',
      ),
      p(
        'Du kannst deine Einwilligung jederzeit über den Abmeldelink in jeder E-Mail widerrufen. Mehr dazu in unserer [Datenschutzerklärung](/infocenter/section/privacy).',
      ),
    ],
  },
  {
    id: 'modal_business_voucher',
    title: '20 € Gutschein für Geschäftskunden',
    blocks: [
      p('Neue Geschäftskunden erhalten einen Gutschein über 20 € für ihre erste Bestellung.'),
      ul(
        'Mindestbestellwert: 1.000 €',
        'Ein Gutschein pro Bestellung',
        'Nicht mit Campus-Preisen kombinierbar',
      ),
      p('[Jetzt Geschäftskonto anlegen](/kundenkonto/registrieren)'),
    ],
  },
  {
    id: 'modal_campus_terms',
    title: 'Teilnahmebedingungen Campus',
    blocks: [
      p(
        'Das Campusprogramm steht Studierenden, Schülern, Auszubildenden und Lehrkräften offen, die ihren Status nachweisen. Die Freischaltung gilt ein Jahr und kann danach verlängert werden.',
      ),
    ],
  },
  {
    id: 'help_faq',
    title: 'Häufige Fragen',
    blocks: [
      h('Wie lange dauert der Versand?'),
      p(
        'Lagernde Artikel verschicken wir werktags bis 15 Uhr am selben Tag. Die Lieferung dauert meist 1 bis 2 Werktage. Mehr unter [Versand und Zahlung](/infocenter/section/shipping).',
      ),
      h('Wie kann ich bezahlen?'),
      p(
        'Per PayPal, Kreditkarte, Rechnung, Vorkasse, Nachnahme, Barzahlung bei Abholung oder Finanzierung.',
      ),
      h('Wie widerrufe ich eine Bestellung?'),
      p(
        'Du hast 14 Tage Widerrufsrecht. Alles Weitere steht in der [Widerrufsbelehrung](/infocenter/section/withdrawal).',
      ),
      h('Wie bekomme ich Campus-Preise?'),
      p(
        'Registriere dich im Kundenkonto für das Campusprogramm. Nach der Prüfung siehst du die Campus-Preise. Zu den [Campus-Deals](/studentenprogramm).',
      ),
    ],
  },
]

export async function seedContent(db: DbOrTx): Promise<void> {
  await db
    .insert(contentBlocks)
    .values(
      CONTENT_BLOCKS.map((block) => ({ ...block, isPlaceholder: block.isPlaceholder ?? false })),
    )
    .onConflictDoNothing({ target: contentBlocks.id })
}
