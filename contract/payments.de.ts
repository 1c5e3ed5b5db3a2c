// The payment methods in German: their names (one list for checkout, cart, mails and the order
// pages) and the shopper copy of the checkout's method list and of the order's payment note.
// Texts with parameters use `{name}` placeholders, filled in by `fillText` (./text.ts).

/** Shown names by the spec's method id (storefront section 3). */
export const PAYMENT_METHOD_NAMES = {
  creditcard: 'Kreditkarte',
  paypal: 'PayPal',
  amazonpay: 'Amazon Pay',
  applepay: 'Apple Pay',
  klarnapaylater: 'Klarna Rechnung',
  klarnapaynow: 'Klarna Sofort',
  moneyorder: 'Vorkasse (Überweisung)',
  invoice: 'Rechnung',
  santanderfinanz: 'Ratenkauf für Geschäftskunden',
  commerzfinanz: 'Finanzierung',
  cod: 'Nachnahme',
  cashec: 'Barzahlung bei Abholung',
} as const
export type NamedPaymentMethod = keyof typeof PAYMENT_METHOD_NAMES

/** The help text under each method in the checkout's list. */
export const PAYMENT_HELP_TEXTS: Record<NamedPaymentMethod, string> = {
  creditcard:
    'Du bezahlst mit Visa, Mastercard, American Express, Diners Club oder Discover. Deine Kartendaten gibst du direkt bei unserem Zahlungsdienstleister ein; manche Banken fragen eine Bestätigung (3-D Secure) ab.',
  paypal:
    'Du wirst zu PayPal weitergeleitet und bestätigst die Zahlung dort mit deinem PayPal-Konto.',
  amazonpay: 'Bezahle bequem mit den in deinem Amazon-Konto hinterlegten Zahlungsdaten.',
  applepay: 'Bezahle mit Apple Pay auf deinem iPhone, iPad oder Mac.',
  klarnapaylater:
    'Du erhältst die Ware zuerst und bezahlst innerhalb von {invoiceDays} Tagen an Klarna.',
  klarnapaynow: 'Du bezahlst sofort per Online-Überweisung über Klarna.',
  moneyorder:
    'Du überweist den Betrag nach der Bestellung auf unser Konto. Wir reservieren die Ware {reservedDays} Tage für dich und versenden sie, sobald dein Geld da ist.',
  invoice:
    'Du bezahlst bequem per Überweisung innerhalb von {invoiceDays} Tagen nach Erhalt der Rechnung. Nur für Geschäftskunden.',
  santanderfinanz:
    'Verteile den Betrag auf {installmentMonths} Monatsraten. Die Prüfung erfolgt nach der Bestellung.',
  commerzfinanz:
    '0 % Finanzierung über {zeroFinancingMonths} Monate oder Laufzeiten bis {financingMaxMonths} Monate. Du beantragst die Finanzierung direkt bei unserem Partner Consors Finanz.',
  cod: 'Du bezahlst bar beim Zusteller. Die Nachnahmegebühr beträgt {codFee}. Nicht an Packstationen oder PaketShops.',
  cashec:
    'Du holst die Ware in unserem Abholshop ab und bezahlst dort bar oder mit Karte. Wir halten sie {holdWorkingDays} Werktage für dich bereit.',
}

/** What the success page and the confirmation mail say about the payment of an order. */
export const PAYMENT_NOTES = {
  moneyorder:
    'Bitte überweise {total} mit dem Verwendungszweck {orderNumber} an: Bitwerk GmbH, IBAN DE12 1001 0010 0123 4567 89, BIC PBNKDEFF. Wir reservieren die Ware {reservedDays} Tage für dich.',
  cashec:
    'Deine Ware liegt {holdWorkingDays} Werktage im Abholshop für dich bereit. Bitte bring die Bestellnummer {orderNumber} mit.',
  invoice:
    'Du erhältst die Rechnung mit der Lieferung. Bitte bezahle sie innerhalb von {invoiceDays} Tagen.',
  cod: 'Du bezahlst {total} bar beim Zusteller.',
  santanderfinanz: 'Wir prüfen deinen Ratenkauf und melden uns mit dem Vertrag bei dir.',
  commerzfinanz: 'Deine Finanzierung wurde von Consors Finanz angenommen.',
  /** Every other method: paid at once. */
  confirmed: 'Die Zahlung mit {method} ist bestätigt.',
} as const

/**
 * Names by the method as an order stores it (db/schema/orders.ts `OrderPaymentMethod`): the order
 * pages, the back office and the after-sale pages.
 */
export const ORDER_PAYMENT_NAMES = {
  creditcard: 'Kreditkarte',
  paypal: 'PayPal',
  amazonpay: 'Amazon Pay',
  klarnapaylater: 'Klarna Rechnung',
  klarnapaynow: 'Klarna Sofort',
  applepay: 'Apple Pay',
  banktransfer: 'Vorkasse (Überweisung)',
  invoice: 'Rechnung',
  cashondelivery: 'Nachnahme',
  cashpickup: 'Barzahlung bei Abholung',
  installments: 'Ratenkauf',
  financing: 'Finanzierung',
} as const satisfies Record<string, string>

/** The German name of an order's stored payment method (the id itself if unknown). */
export function orderPaymentName(method: string): string {
  return Object.hasOwn(ORDER_PAYMENT_NAMES, method)
    ? ORDER_PAYMENT_NAMES[method as keyof typeof ORDER_PAYMENT_NAMES]
    : method
}
