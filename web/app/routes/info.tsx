import { data, type LoaderFunctionArgs, useParams } from 'react-router-dom'
import { INFO_SECTIONS, type InfoSection, paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'

function isInfoSection(value: string | undefined): value is InfoSection {
  return value !== undefined && Object.hasOwn(INFO_SECTIONS, value)
}

export function infoLoader({ params }: LoaderFunctionArgs) {
  if (!isInfoSection(params.section)) throw data(null, { status: 404 })
  return null
}

const PLACEHOLDER =
  'Platzhalter: Dieser Text ist ein Muster für den Demo-Shop und kein rechtsverbindlicher Inhalt. Vor dem Start wird er durch den geprüften Rechtstext ersetzt.'

const INTRO: Record<InfoSection, string[]> = {
  privacy: [
    'Wir verarbeiten personenbezogene Daten nur, soweit es für Bestellung, Kundenkonto und Versand nötig ist oder du eingewilligt hast (Art. 6 DSGVO).',
    'Tracking und Empfehlungen laufen nur mit deiner Einwilligung; du kannst sie jederzeit im Fußbereich der Seite ändern.',
  ],
  conditions: [
    'Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen über den Onlineshop Bitwerk.',
    'Der Vertrag kommt zustande, wenn du auf „Zahlungspflichtig bestellen“ klickst und wir die Bestellung bestätigen.',
  ],
  imprint: [
    'Bitwerk GmbH, Musterstraße 1, 10115 Berlin',
    'Vertreten durch: Erika Mustermann · Registergericht: Amtsgericht Berlin, HRB 000000 · USt-IdNr.: DE000000000',
  ],
  withdrawal: [
    'Du hast das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
    'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem du oder ein von dir benannter Dritter die Waren in Besitz genommen hast.',
  ],
  shipping: [
    'Innerhalb Deutschlands liefern wir ab 4,99 € Versandkosten, ab einem Bestellwert von 99 € versandkostenfrei.',
    'Du kannst per Vorkasse, PayPal, Kreditkarte, Rechnung, Nachnahme (zzgl. 2,00 €), Barzahlung bei Abholung und Finanzierung bezahlen.',
  ],
}

/** Information pages (/infocenter/section/...): legal texts and service information. */
export function InfoPage() {
  const { section } = useParams()
  if (!isInfoSection(section)) return null
  const title = INFO_SECTIONS[section]
  return (
    <article className="container info-page">
      <PageMeta
        title={title}
        description={`${title} von Bitwerk`}
        canonicalPath={paths.info(section)}
      />
      <h1>{title}</h1>
      <p className="info-page__placeholder" role="note">
        {PLACEHOLDER}
      </p>
      {INTRO[section].map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  )
}
