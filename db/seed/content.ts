// Editable content blocks: the info pages (placeholder legal texts, marked as such), the
// newsletter page's intro, modal contents and the help widget's questions. Missing blocks are
// added at every start; blocks that exist (maybe edited) are never overwritten.
import { CONSENT_SERVICES } from '#contract/consent-texts.ts'
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
    id: 'infocenter_section_privacy',
    title: 'Datenschutz',
    isPlaceholder: true,
    blocks: [
      p(
        'Wir verarbeiten personenbezogene Daten nur, soweit es für Bestellung, Kundenkonto und Versand nötig ist oder du eingewilligt hast (Art. 6 DSGVO).',
      ),
      h('Cookies und Einwilligungen'),
      p(
        'Technisch notwendige Cookies (Sitzung, Warenkorb, deine Cookie-Entscheidung) setzen wir ohne Einwilligung (§ 25 Abs. 2 TTDSG). Alles Weitere läuft nur mit deiner Einwilligung (§ 25 Abs. 1 TTDSG, Art. 6 Abs. 1 lit. a DSGVO). Du kannst sie jederzeit über „Cookie-Einstellungen“ im Fußbereich der Seite ändern oder widerrufen.',
      ),
      ul(...CONSENT_SERVICES.map((s) => `${s.serviceName} (${s.provider}): ${s.purpose}`)),
      p(
        'Deine Entscheidung speichern wir 12 Monate im Cookie „bw_consent“ und als Nachweis mit einer zufälligen Kennung auf unserem Server. Widerrufst du Statistik oder Empfehlungen, löschen wir die dazu gespeicherten Ereignisse.',
      ),
      h('Newsletter'),
      p(
        'Für den Newsletter speichern wir deine E-Mail-Adresse, die gewählte Art und den Zeitpunkt von Anmeldung und Bestätigung (Double-Opt-in). Abmelden kannst du dich jederzeit über den Link in jeder E-Mail.',
      ),
    ],
  },
  {
    id: 'infocenter_section_conditions',
    title: 'AGB',
    isPlaceholder: true,
    blocks: [
      p(
        'Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen über den Onlineshop Bitwerk.',
      ),
      p(
        'Der Vertrag kommt zustande, wenn du auf „Zahlungspflichtig bestellen“ klickst und wir die Bestellung bestätigen.',
      ),
      h('Gutschein für Geschäftskunden'),
      p(
        'Neue Geschäftskunden erhalten einen Gutschein über 20 € ab einem Bestellwert von 1.000 €. Pro Bestellung kann ein Gutschein eingelöst werden.',
      ),
    ],
  },
  {
    id: 'infocenter_section_imprint',
    title: 'Impressum',
    isPlaceholder: true,
    blocks: [
      p('Bitwerk GmbH, Musterstraße 1, 10115 Berlin'),
      p(
        'Vertreten durch: Erika Mustermann · Registergericht: Amtsgericht Berlin, HRB 000000 · USt-IdNr.: DE000000000',
      ),
    ],
  },
  {
    id: 'infocenter_section_withdrawal',
    title: 'Widerrufsbelehrung',
    isPlaceholder: true,
    blocks: [
      p(
        'Du hast das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
      ),
      p(
        'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem du oder ein von dir benannter Dritter die Waren in Besitz genommen hast.',
      ),
    ],
  },
  {
    id: 'infocenter_section_shipping',
    title: 'Versand und Zahlung',
    isPlaceholder: true,
    blocks: [
      p(
        'Innerhalb Deutschlands liefern wir ab 4,99 € Versandkosten, ab einem Bestellwert von 99 € versandkostenfrei.',
      ),
      p(
        'Du kannst per Vorkasse, PayPal, Kreditkarte, Rechnung, Nachnahme (zzgl. 2,00 €), Barzahlung bei Abholung und Finanzierung bezahlen.',
      ),
    ],
  },
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
