// The customer's mails of the order lifecycle that staff trigger: shipped ("versendet") and
// cancelled. Written into the outbox in the staff change's transaction.
import type { DbOrTx } from '#db/client.ts'
import type { IssuedInvoice } from '#server/invoices/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

type DeliveryMail = {
  to: string
  firstName: string | null
  orderNumber: string
  deliveryNumber: string
  orderUrl: string
}

/** The customer's order in "Meine Bestellungen", for the mails' buttons. */
export function orderUrl(ctx: AppContext, orderNumber: string) {
  return `${ctx.config.publicUrl}/kundenkonto/bestellungen/${orderNumber}`
}

function greeting(firstName: string | null) {
  return firstName ? `Hallo ${firstName},` : 'Hallo,'
}

export function sendShippedMail(
  db: DbOrTx,
  mail: DeliveryMail & {
    carrier: string
    trackingNumber: string | null
    invoice: IssuedInvoice | null
  },
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
      ...(mail.invoice
        ? [
            `Deine Rechnung ${mail.invoice.number} findest du im Anhang dieser E-Mail und jederzeit in deinem Kundenkonto unter „Bestelldetails“.`,
          ]
        : []),
    ],
    attachments: mail.invoice?.files,
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

/** A credit note (Rechnungskorrektur) for a refund, with the document attached. */
export function sendCreditNoteMail(
  db: DbOrTx,
  mail: {
    to: string
    firstName: string | null
    orderNumber: string
    orderUrl: string
    note: IssuedInvoice
  },
) {
  return enqueueMail(db, {
    to: mail.to,
    kind: 'credit_note',
    subject: `Rechnungskorrektur ${mail.note.number} zu deiner Bestellung ${mail.orderNumber}`,
    greeting: greeting(mail.firstName),
    paragraphs: [
      `zu deiner Erstattung aus der Bestellung ${mail.orderNumber} haben wir die Rechnungskorrektur ${mail.note.number} erstellt. Du findest sie im Anhang dieser E-Mail und in deinem Kundenkonto unter „Bestelldetails“.`,
    ],
    action: { label: 'Bestellung ansehen', url: mail.orderUrl },
    attachments: mail.note.files,
  })
}

/** An invoice or credit note sent again by customer service. */
export function sendInvoiceCopyMail(
  db: DbOrTx,
  mail: {
    to: string
    firstName: string | null
    orderNumber: string
    orderUrl: string
    number: string
    title: string
    files: IssuedInvoice['files']
  },
) {
  return enqueueMail(db, {
    to: mail.to,
    kind: 'invoice_copy',
    subject: `${mail.title} ${mail.number} zu deiner Bestellung ${mail.orderNumber}`,
    greeting: greeting(mail.firstName),
    paragraphs: [
      `wie gewünscht senden wir dir das Dokument ${mail.number} zu deiner Bestellung ${mail.orderNumber} noch einmal. Du findest es im Anhang dieser E-Mail.`,
    ],
    action: { label: 'Bestellung ansehen', url: mail.orderUrl },
    attachments: mail.files,
  })
}
