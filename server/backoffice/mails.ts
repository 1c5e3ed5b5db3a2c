// The back office's mail: the login code.
import type { DbOrTx } from '#db/client.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

export function sendStaffCodeMail(
  db: DbOrTx,
  to: { email: string; name: string },
  code: string,
  validMinutes: number,
) {
  return enqueueMail(db, {
    to: to.email,
    kind: 'staff_code',
    subject: 'Dein Anmeldecode für das Bitwerk Backoffice',
    greeting: `Hallo ${to.name},`,
    paragraphs: [
      'du meldest dich gerade im Bitwerk Backoffice an. Bitte bestätige die Anmeldung mit diesem Code:',
      `Dein Code: ${code}`,
      `Der Code ist ${validMinutes} Minuten gültig.`,
    ],
    footer: [
      'Du hast dich nicht angemeldet? Dann kennt jemand dein Passwort: Bitte informiere sofort die Administration.',
    ],
  })
}
