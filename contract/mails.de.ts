// The German texts of the shop's mails, beside contract/messages.de.ts. Texts with parameters use
// `{name}` placeholders, filled in by `fillText` (./text.ts); the server builds the mails.

export const newsletterMailsDe = {
  doubleOptIn: {
    subject: 'Bitte bestätige deine Newsletter-Anmeldung',
    greeting: 'Hallo,',
    paragraphs: [
      'vielen Dank für dein Interesse am Bitwerk-Newsletter „{type}“.',
      'Bitte bestätige deine Anmeldung mit einem Klick auf den folgenden Link. Erst danach schicken wir dir unseren Newsletter. Der Link ist {days} Tage gültig.',
    ],
    action: 'Anmeldung bestätigen',
    footer: [
      'Du hast dich nicht angemeldet? Dann ignoriere diese E-Mail einfach: Ohne Bestätigung bekommst du keinen Newsletter.',
    ],
  },
  welcome: {
    subject: 'Willkommen beim Bitwerk-Newsletter',
    greeting: 'Hallo,',
    paragraphs: [
      'deine Anmeldung zum Newsletter „{type}“ ist bestätigt. Ab jetzt erfährst du als Erstes von unseren Angeboten.',
      'Du möchtest keine Newsletter mehr bekommen? Über den folgenden Link kannst du dich jederzeit abmelden, auch in jeder weiteren E-Mail.',
    ],
    action: 'Vom Newsletter abmelden',
  },
} as const

export const orderMailsDe = {
  confirmation: {
    subject: 'Deine Bestellung {orderNumber} bei Bitwerk',
    greeting: 'Hallo {firstName},',
    greetingAnonymous: 'Hallo,',
    intro: 'vielen Dank für deine Bestellung! Deine Bestellnummer lautet {orderNumber}.',
    line: '{quantity} × {name} (Art.-Nr. {articleNumber}): {price}',
    warrantyLine: '{quantity} × {name}: {price}',
    shipping: 'Versand: {price}',
    cashOnDeliveryFee: 'Nachnahmegebühr: {price}',
    declaredValue: 'Wertversicherung: {price}',
    protection: 'Schutzpaket: {price}',
    coupon: 'Gutschein {title}: -{price}',
    total: 'Gesamtsumme: {total} (inkl. {taxPercent} % MwSt. {tax})',
    totalNet: 'Gesamtsumme: {total} (ohne Umsatzsteuer)',
    buyerVatId: 'Ihre USt-IdNr.: {vatId}',
    payment: 'Zahlart: {method}. {note}',
    deliveryAddress:
      'Lieferadresse: {firstName} {lastName}, {streetName} {streetNumber}, {zipCode} {cityName}, {countryName}',
    shippingNotice: 'Wir melden uns, sobald deine Bestellung versendet wurde.',
    /** Issue 20: the answer to the ElektroG question, asked for large appliances only. */
    takeBackYes:
      'Altgeräte-Rücknahme: Du möchtest ein Altgerät gleicher Art bei der Lieferung kostenlos mitgeben. Unser Lieferdienst nimmt es an der Abladestelle mit.',
    takeBackNo:
      'Altgeräte-Rücknahme: nicht gewünscht. Du kannst Altgeräte jederzeit kostenlos bei uns abgeben (siehe „Altgeräte und Batterien“).',
    /** Issue 20: invoices come with the shipment. */
    invoiceNotice:
      'Die Rechnung erhältst du mit der Versandbestätigung per E-Mail; danach findest du sie auch in deinem Kundenkonto unter „Bestelldetails“.',
    invoiceNoticeGuest: 'Die Rechnung erhältst du mit der Versandbestätigung per E-Mail.',
    /** Issue 20: the texts travel with the mail (a durable medium), below the order. */
    legalIntro:
      'Unten in dieser E-Mail findest du unsere Allgemeinen Geschäftsbedingungen und die Widerrufsbelehrung mit dem Muster-Widerrufsformular in der Fassung, die für diese Bestellung gilt. Als Verbraucherin oder Verbraucher hast du ein 14-tägiges Widerrufsrecht; widerrufen kannst du auch über „Vertrag widerrufen“ unter {withdrawalUrl}. Bitte bewahre diese E-Mail auf.',
    legalHeading: '{title} (Fassung {version} vom {date})',
    legalMissing:
      'Unsere Allgemeinen Geschäftsbedingungen und die Widerrufsbelehrung findest du unter {url}.',
  },
} as const

/** The acknowledgement of a withdrawal on a durable medium (§ 356a (1) BGB, issue 19). */
export const withdrawalMailsDe = {
  acknowledgement: {
    subject: 'Eingangsbestätigung deines Widerrufs zur Bestellung {orderNumber}',
    greeting: 'Hallo {name},',
    intro:
      'wir haben deinen Widerruf erhalten. Hier ist der Inhalt deiner Erklärung, so wie wir ihn gespeichert haben:',
    declaredAt: 'Eingegangen am {date} um {time} Uhr (deutsche Zeit)',
    order: 'Bestellung: {orderNumber}',
    name: 'Erklärt von: {name} ({email})',
    scopeOrder: 'Umfang: die ganze Bestellung, das sind:',
    scopeItems: 'Umfang: die folgenden Artikel:',
    item: '{quantity} × {name} (Art.-Nr. {articleNumber}, Lieferung {deliveryNumber})',
    statement:
      'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag über den Kauf der oben genannten Waren.',
    next: 'Wie es weitergeht: Bitte schicke die Ware innerhalb von 14 Tagen an uns zurück. Wir melden uns mit den Einzelheiten zur Rücksendung und erstatten dir die Zahlung innerhalb von 14 Tagen ab heute.',
    action: 'Bestellung ansehen',
  },
} as const

/** A registered return with its label (issue 19). */
export const returnsMailsDe = {
  announced: {
    subject: 'Deine Rücksendung {returnNumber} zur Bestellung {orderNumber}',
    greeting: 'Hallo {name},',
    intro: 'wir haben deine Rücksendung ({kind}) angemeldet. Sie umfasst:',
    item: '{quantity} × {name} (Art.-Nr. {articleNumber})',
    reason: 'Deine Beschreibung des Mangels: {reason}',
    label:
      'Dein Retourenschein: {carrier}, Sendungsnummer {trackingNumber}. Bitte drucke ihn aus, klebe ihn gut sichtbar auf das Paket und gib es bei {carrier} ab. Die Rücksendung ist für dich kostenlos.',
    guestLabel:
      'Den Retourenschein kannst du jederzeit wieder herunterladen: auf der Seite „Vertrag widerrufen“ mit deiner Bestellnummer und E-Mail-Adresse.',
    next: 'Sobald das Paket bei uns eingegangen und geprüft ist, melden wir uns.',
    action: 'Retourenschein herunterladen (PDF)',
    guestAction: 'Zur Seite „Vertrag widerrufen“',
  },
} as const

/** Refunds (issue 19): money on its way back, or the IBAN we need for it. */
export const refundMailsDe = {
  completed: {
    subject: 'Deine Erstattung zur Bestellung {orderNumber}',
    greeting: 'Hallo {firstName},',
    greetingAnonymous: 'Hallo,',
    intro: 'wir haben dir {amount} zur Bestellung {orderNumber} erstattet.',
    provider:
      'Das Geld geht auf dem Weg zurück, auf dem du bezahlt hast. Je nach Zahlungsart kann es einige Tage dauern, bis du es auf deinem Konto siehst.',
    claim:
      'Deine offene Rechnung verringert sich um diesen Betrag; bereits bezahlte Beträge überweisen wir dir zurück.',
    bankTransfer: 'Wir haben den Betrag auf dein Konto {iban} überwiesen.',
    action: 'Bestellung ansehen',
  },
  ibanNeeded: {
    subject: 'Bitte gib deine IBAN für die Erstattung zur Bestellung {orderNumber} an',
    greeting: 'Hallo {firstName},',
    greetingAnonymous: 'Hallo,',
    intro:
      'wir erstatten dir {amount} zur Bestellung {orderNumber}. Da du per Vorkasse, Nachnahme oder bar bezahlt hast, überweisen wir das Geld auf dein Bankkonto.',
    next: 'Bitte gib in deinen Bestelldetails den Kontoinhaber und die IBAN an. Sobald wir sie haben, überweisen wir den Betrag, spätestens bis zum {dueDate}.',
    action: 'IBAN angeben',
  },
} as const
