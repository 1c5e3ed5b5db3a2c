// The acknowledgement of a withdrawal on a durable medium (§ 356a (1) BGB): an e-mail with the
// content of the declaration and its date and time, written into the outbox in the declaring
// transaction. Texts come from the mail catalogue (contract/mails.de.ts).
import { withdrawalMailsDe } from '#contract/mails.de.ts'
import { fillText } from '#contract/text.ts'
import type { DbOrTx } from '#db/client.ts'
import type { WithdrawalScope } from '#db/schema/orders.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
})
const berlinTime = new Intl.DateTimeFormat('de-DE', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/Berlin',
})

export function sendWithdrawalAcknowledgement(
  db: DbOrTx,
  mail: {
    to: string
    name: string
    orderNumber: string
    declaredAt: Date
    scope: WithdrawalScope
    orderUrl: string | null
  },
): Promise<number> {
  const texts = withdrawalMailsDe.acknowledgement
  const items = mail.scope.items.map((item) =>
    fillText(texts.item, {
      quantity: item.quantity,
      name: item.name,
      articleNumber: item.articleNumber,
      deliveryNumber: item.deliveryNumber,
    }),
  )
  return enqueueMail(db, {
    to: mail.to,
    kind: 'withdrawal_acknowledgement',
    subject: fillText(texts.subject, { orderNumber: mail.orderNumber }),
    greeting: fillText(texts.greeting, { name: mail.name }),
    paragraphs: [
      texts.intro,
      [
        fillText(texts.declaredAt, {
          date: berlinDate.format(mail.declaredAt),
          time: berlinTime.format(mail.declaredAt),
        }),
        fillText(texts.order, { orderNumber: mail.orderNumber }),
        fillText(texts.name, { name: mail.name, email: mail.to }),
      ].join('\n'),
      [
        mail.scope.kind === 'order' ? texts.scopeOrder : texts.scopeItems,
        ...items.map((item) => `- ${item}`),
      ].join('\n'),
      texts.statement,
      texts.next,
    ],
    ...(mail.orderUrl ? { action: { label: texts.action, url: mail.orderUrl } } : {}),
  })
}
