// Texts of tax-free intra-community supplies to business customers in other EU countries
// (issue 20; § 4 Nr. 1 b with § 6a UStG): checkout, order confirmation, order details.
import { fillText } from './text.ts'

/** The tax line of a net-priced order (summary, mail, order details). */
export const INTRA_EU_TAX_TITLE = 'Steuerfreie innergemeinschaftliche Lieferung'

/** Shown in the checkout and the confirmation mail of a net-priced order. */
export const INTRA_EU_NOTE =
  'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 b i. V. m. § 6a UStG): alle Preise ohne Umsatzsteuer. Den Erwerb versteuern Sie in Ihrem Mitgliedstaat.'

const UNCONFIRMED = {
  unknown:
    'Ihre USt-IdNr. {vatId} wurde bei der Bestätigungsabfrage nicht als gültig bestätigt. Die Preise enthalten daher deutsche Umsatzsteuer. Bitte prüfen Sie die USt-IdNr. in Ihren Kundendaten.',
  unavailable:
    'Ihre USt-IdNr. {vatId} konnte gerade nicht bestätigt werden. Die Preise enthalten deshalb deutsche Umsatzsteuer; versuchen Sie es in einigen Minuten erneut.',
} as const

/** Why a business customer abroad is charged VAT after all. */
export function unconfirmedVatNote(reason: keyof typeof UNCONFIRMED, vatId: string): string {
  return fillText(UNCONFIRMED[reason], { vatId })
}
