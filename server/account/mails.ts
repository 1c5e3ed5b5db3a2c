// The account's mails: two-factor code, password-reset link, the notice to the owner of an
// e-mail address that someone tried to register again, and the welcome mail.
import type { DbOrTx } from '#db/client.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

function greeting(firstName: string | null | undefined): string {
  return firstName ? `Hallo ${firstName},` : 'Hallo,'
}

export function sendTwoFaCodeMail(
  db: DbOrTx,
  to: { email: string; firstName: string },
  code: string,
  validMinutes: number,
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'two_fa_code',
    subject: 'Dein Bestätigungscode für die Anmeldung bei Bitwerk',
    greeting: greeting(to.firstName),
    paragraphs: [
      'du meldest dich gerade in einem Browser an, den wir für dein Kundenkonto noch nicht kennen. Bitte bestätige die Anmeldung mit diesem Code:',
      `Dein Code: ${code}`,
      `Der Code ist ${validMinutes} Minuten gültig. Danach kannst du auf der Anmeldeseite einen neuen Code anfordern.`,
    ],
    footer: [
      'Du hast dich nicht angemeldet? Dann kennt jemand dein Passwort. Bitte setze es über „Passwort vergessen?“ auf der Anmeldeseite zurück.',
    ],
  })
}

export function sendPasswordResetMail(
  db: DbOrTx,
  to: { email: string; firstName: string },
  url: string,
  validMinutes: number,
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'password_reset',
    subject: 'Dein neues Passwort für Bitwerk',
    greeting: greeting(to.firstName),
    paragraphs: [
      'du hast ein neues Passwort für dein Bitwerk-Kundenkonto angefordert. Über diesen Link legst du es fest:',
    ],
    action: { label: 'Neues Passwort festlegen', url },
    footer: [
      `Der Link ist ${validMinutes} Minuten gültig und funktioniert nur einmal.`,
      'Du hast kein neues Passwort angefordert? Dann kannst du diese E-Mail ignorieren; dein Passwort bleibt unverändert.',
    ],
  })
}

export function sendAccountExistsMail(
  db: DbOrTx,
  to: { email: string; firstName: string },
  urls: { passwordForgotten: string; login: string },
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'account_exists',
    subject: 'Du hast bereits ein Kundenkonto bei Bitwerk',
    greeting: greeting(to.firstName),
    paragraphs: [
      'gerade wollte jemand mit deiner E-Mail-Adresse ein neues Kundenkonto bei Bitwerk anlegen. Weil es zu dieser Adresse schon ein Kundenkonto gibt, haben wir kein zweites angelegt.',
      `Warst du das? Dann melde dich einfach mit deinem bisherigen Passwort an: ${urls.login}`,
      'Falls du dein Passwort nicht mehr weißt, kannst du hier ein neues festlegen:',
    ],
    action: { label: 'Passwort zurücksetzen', url: urls.passwordForgotten },
    footer: ['Warst du das nicht? Dann musst du nichts tun; dein Kundenkonto bleibt unverändert.'],
  })
}

export function sendWelcomeMail(
  db: DbOrTx,
  to: { email: string; firstName: string },
  customerNumber: string,
  accountUrl: string,
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'welcome',
    subject: 'Willkommen bei Bitwerk',
    greeting: greeting(to.firstName),
    paragraphs: [
      'schön, dass du da bist! Dein Kundenkonto ist angelegt.',
      `Deine Kundennummer: ${customerNumber}`,
      'In deinem Kundenkonto findest du deine Bestellungen, Adressen und Daten, und als Studierende oder Auszubildende kannst du dich für unser Campusprogramm anmelden.',
    ],
    action: { label: 'Zum Kundenkonto', url: accountUrl },
  })
}

export function sendPasswordChangedMail(
  db: DbOrTx,
  to: { email: string; firstName: string },
  passwordForgottenUrl: string,
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'password_changed',
    subject: 'Dein Passwort bei Bitwerk wurde geändert',
    greeting: greeting(to.firstName),
    paragraphs: [
      'das Passwort deines Bitwerk-Kundenkontos wurde soeben geändert. Alle anderen Anmeldungen wurden beendet.',
    ],
    footer: [
      `Das warst du nicht? Dann setze dein Passwort bitte sofort zurück: ${passwordForgottenUrl}`,
    ],
  })
}

/** To the old address after an e-mail change: who changed it can be undone via customer service. */
export function sendEmailChangedMail(
  db: DbOrTx,
  to: { email: string; firstName: string },
  newEmail: string,
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'email_changed',
    subject: 'Deine E-Mail-Adresse bei Bitwerk wurde geändert',
    greeting: greeting(to.firstName),
    paragraphs: [
      `die E-Mail-Adresse deines Bitwerk-Kundenkontos wurde soeben in ${newEmail} geändert. An diese Adresse (${to.email}) senden wir ab jetzt keine Nachrichten mehr zu deinem Konto.`,
    ],
    footer: [
      'Das warst du nicht? Dann melde dich bitte umgehend bei unserem Kundenservice, damit wir dein Konto schützen können.',
    ],
  })
}

/** After a light account's conversion: the customer number and a link to set a password. */
export function sendConvertedMail(
  db: DbOrTx,
  to: { email: string; firstName: string },
  customerNumber: string,
  setPasswordUrl: string,
  validMinutes: number,
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'converted',
    subject: 'Dein Kundenkonto bei Bitwerk ist vollständig',
    greeting: greeting(to.firstName),
    paragraphs: [
      'deine Rechnungsadresse ist gespeichert und dein Kundenkonto ist jetzt vollständig.',
      `Deine Kundennummer: ${customerNumber}`,
      'Damit du dich künftig selbst anmelden kannst, lege bitte ein Passwort fest:',
    ],
    action: { label: 'Passwort festlegen', url: setPasswordUrl },
    footer: [
      `Der Link ist ${validMinutes} Minuten gültig. Danach kannst du über „Passwort vergessen?“ jederzeit einen neuen anfordern.`,
    ],
  })
}
