// The mail to the customer when a return is registered (issue 19): items, the label's tracking
// number and the link to the label, written into the outbox in the same transaction as the
// return. Texts come from the mail catalogue (contract/mails.de.ts).
import { returnsMailsDe } from '#contract/mails.de.ts'
import { fillText } from '#contract/text.ts'
import type { DbOrTx } from '#db/client.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

export function sendReturnAnnounced(
  db: DbOrTx,
  mail: {
    to: string
    name: string
    orderNumber: string
    returnNumber: string
    kindLabel: string
    reason: string | null
    carrier: string
    trackingNumber: string
    items: { quantity: number; name: string; articleNumber: string }[]
    /** The label's URL for a customer; null for a guest (the link to /widerruf instead). */
    labelUrl: string | null
    withdrawalPageUrl: string
  },
): Promise<number> {
  const texts = returnsMailsDe.announced
  return enqueueMail(db, {
    to: mail.to,
    kind: 'return_announced',
    subject: fillText(texts.subject, {
      returnNumber: mail.returnNumber,
      orderNumber: mail.orderNumber,
    }),
    greeting: fillText(texts.greeting, { name: mail.name }),
    paragraphs: [
      [
        fillText(texts.intro, { kind: mail.kindLabel }),
        ...mail.items.map((item) => `- ${fillText(texts.item, item)}`),
      ].join('\n'),
      ...(mail.reason ? [fillText(texts.reason, { reason: mail.reason })] : []),
      fillText(texts.label, { carrier: mail.carrier, trackingNumber: mail.trackingNumber }),
      ...(mail.labelUrl ? [] : [texts.guestLabel]),
      texts.next,
    ],
    action: mail.labelUrl
      ? { label: texts.action, url: mail.labelUrl }
      : { label: texts.guestAction, url: mail.withdrawalPageUrl },
  })
}
