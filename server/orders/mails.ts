// The customer's mails of the order lifecycle that staff trigger: shipped ("versendet") and
// cancelled. Written into the outbox in the staff change's transaction.
import type { DbOrTx } from '#db/client.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

type DeliveryMail = {
  to: string
  firstName: string | null
  orderNumber: string
  deliveryNumber: string
  orderUrl: string
}

function greeting(firstName: string | null) {
  return firstName ? `Hallo ${firstName},` : 'Hallo,'
}

export function sendShippedMail(
  db: DbOrTx,
  mail: DeliveryMail & { carrier: string; trackingNumber: string | null },
) {
  return enqueueMail(db, {
    to: mail.to,
    kind: 'order_shipped',
    subject: `Deine Bestellung ${mail.orderNumber} wurde versendet`,
    greeting: greeting(mail.firstName),
    paragraphs: [
      `gute Nachrichten: Deine Lieferung ${mail.deliveryNumber} ist unterwegs zu dir.`,
      `Versand mit: ${mail.carrier}`,
      ...(mail.trackingNumber ? [`Sendungsnummer: ${mail.trackingNumber}`] : []),
    ],
    action: { label: 'Bestellung ansehen', url: mail.orderUrl },
  })
}

export function sendCancelledMail(db: DbOrTx, mail: DeliveryMail & { reason: string | null }) {
  return enqueueMail(db, {
    to: mail.to,
    kind: 'order_cancelled',
    subject: `Deine Bestellung ${mail.orderNumber} wurde storniert`,
    greeting: greeting(mail.firstName),
    paragraphs: [
      `deine Lieferung ${mail.deliveryNumber} wurde storniert.`,
      ...(mail.reason ? [`Grund: ${mail.reason}`] : []),
      'Bereits gezahlte Beträge erstatten wir dir über die gewählte Zahlungsart.',
    ],
    action: { label: 'Bestellung ansehen', url: mail.orderUrl },
  })
}
