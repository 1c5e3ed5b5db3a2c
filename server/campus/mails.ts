// The Campus slice's mails (German): the confirmation link to the university address, the
// welcome after confirming, the receipt of a document, the staff decision (approved or
// refused with the reason), the reminder before the end and the notice when it ended.
import type { DbOrTx } from '#db/client.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

function greeting(firstName: string | null | undefined): string {
  return firstName ? `Hallo ${firstName},` : 'Hallo,'
}

type To = { email: string; firstName: string }

export function sendConfirmationLinkMail(
  db: DbOrTx,
  to: { universityEmail: string; firstName: string; universityName: string },
  url: string,
  validDays: number,
) {
  return enqueueMail(db, {
    to: to.universityEmail,
    kind: 'campus_confirm_email',
    subject: 'Bitte bestätige deine Hochschul-E-Mail-Adresse für das Bitwerk Campusprogramm',
    greeting: greeting(to.firstName),
    paragraphs: [
      `du hast dich mit dieser Adresse der ${to.universityName} für das Bitwerk Campusprogramm angemeldet. Bitte bestätige, dass sie dir gehört:`,
    ],
    action: { label: 'Adresse bestätigen', url },
    footer: [
      `Der Link ist ${validDays} Tage gültig. Danach kannst du dich in deinem Kundenkonto erneut registrieren.`,
      'Du hast dich nicht angemeldet? Dann kannst du diese E-Mail ignorieren.',
    ],
  })
}

export function sendWelcomeMail(db: DbOrTx, to: To, until: string, dealsUrl: string) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'campus_valid',
    subject: 'Willkommen im Bitwerk Campusprogramm',
    greeting: greeting(to.firstName),
    paragraphs: [
      `deine Hochschul-E-Mail-Adresse ist bestätigt. Du bist bis zum ${until} für unser Campusprogramm freigeschaltet und siehst ab sofort die Campus-Preise.`,
    ],
    action: { label: 'Zu den Campus-Deals', url: dealsUrl },
  })
}

export function sendDocumentReceivedMail(db: DbOrTx, to: To, accountUrl: string) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'campus_document_received',
    subject: 'Wir prüfen deinen Nachweis für das Campusprogramm',
    greeting: greeting(to.firstName),
    paragraphs: [
      'vielen Dank für deine Anmeldung zum Bitwerk Campusprogramm. Wir prüfen deinen Nachweis, in der Regel innerhalb von 24 Stunden, und schreiben dir, sobald wir fertig sind.',
      'Du kannst schon jetzt zu Campus-Preisen einkaufen; wir versenden deine Bestellung, sobald dein Nachweis geprüft ist.',
    ],
    action: { label: 'Zum Campusprogramm im Kundenkonto', url: accountUrl },
  })
}

export function sendApprovedMail(db: DbOrTx, to: To, until: string, dealsUrl: string) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'campus_approved',
    subject: 'Dein Nachweis ist bestätigt: willkommen im Campusprogramm',
    greeting: greeting(to.firstName),
    paragraphs: [
      `wir haben deinen Nachweis geprüft und bestätigt. Du bist bis zum ${until} für unser Campusprogramm freigeschaltet.`,
    ],
    action: { label: 'Zu den Campus-Deals', url: dealsUrl },
  })
}

export function sendRejectedMail(db: DbOrTx, to: To, reason: string, accountUrl: string) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'campus_rejected',
    subject: 'Dein Nachweis für das Campusprogramm konnte nicht bestätigt werden',
    greeting: greeting(to.firstName),
    paragraphs: [
      'leider konnten wir deinen Nachweis für das Bitwerk Campusprogramm nicht bestätigen.',
      `Grund: ${reason}`,
      'Du kannst dich jederzeit mit einem aktuellen Nachweis oder deiner Hochschul-E-Mail-Adresse erneut registrieren.',
    ],
    action: { label: 'Erneut registrieren', url: accountUrl },
  })
}

export function sendRenewalReminderMail(db: DbOrTx, to: To, until: string, accountUrl: string) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'campus_renewal_reminder',
    subject: 'Deine Campus-Mitgliedschaft endet bald',
    greeting: greeting(to.firstName),
    paragraphs: [
      `deine Campus-Mitgliedschaft bei Bitwerk endet am ${until}. Verlängere sie jetzt mit deiner Hochschul-E-Mail-Adresse oder einem aktuellen Nachweis, damit du weiter Campus-Preise erhältst.`,
    ],
    action: { label: 'Jetzt verlängern', url: accountUrl },
  })
}

export function sendExpiredMail(db: DbOrTx, to: To, accountUrl: string) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'campus_expired',
    subject: 'Deine Campus-Mitgliedschaft ist abgelaufen',
    greeting: greeting(to.firstName),
    paragraphs: [
      'deine Campus-Mitgliedschaft bei Bitwerk ist abgelaufen; Campus-Preise siehst du erst wieder nach einer Verlängerung. Lade dazu in deinem Kundenkonto einen aktuellen Nachweis hoch.',
    ],
    action: { label: 'Mitgliedschaft verlängern', url: accountUrl },
  })
}
