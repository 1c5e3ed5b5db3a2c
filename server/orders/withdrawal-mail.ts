// The acknowledgement of a withdrawal on a durable medium (§ 356a (1) BGB): an e-mail with the
// content of the declaration and its date and time, written into the outbox in the declaring
// transaction. Texts come from the catalogue (contract/messages.de.ts, "withdrawal").

import { translate } from '#contract/messages.de.ts'
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

/** "27.11.2026" in Berlin time. */
export function formatBerlinDate(at: Date): string {
  return berlinDate.format(at)
}

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
  const items = mail.scope.items.map((item) =>
    translate('withdrawal_mail_item', {
      quantity: item.quantity,
      name: item.name,
      articleNumber: item.articleNumber,
      deliveryNumber: item.deliveryNumber,
    }),
  )
  return enqueueMail(db, {
    to: mail.to,
    kind: 'withdrawal_acknowledgement',
    subject: translate('withdrawal_mail_subject', { orderNumber: mail.orderNumber }),
    greeting: translate('withdrawal_mail_greeting', { name: mail.name }),
    paragraphs: [
      translate('withdrawal_mail_intro'),
      [
        translate('withdrawal_mail_declared_at', {
          date: berlinDate.format(mail.declaredAt),
          time: berlinTime.format(mail.declaredAt),
        }),
        translate('withdrawal_mail_order', { orderNumber: mail.orderNumber }),
        translate('withdrawal_mail_name', { name: mail.name, email: mail.to }),
      ].join('\n'),
      [
        translate(
          mail.scope.kind === 'order'
            ? 'withdrawal_mail_scope_order'
            : 'withdrawal_mail_scope_items',
        ),
        ...items.map((item) => `- ${item}`),
      ].join('\n'),
      translate('withdrawal_mail_statement'),
      translate('withdrawal_mail_next'),
    ],
    ...(mail.orderUrl
      ? { action: { label: translate('withdrawal_mail_action'), url: mail.orderUrl } }
      : {}),
  })
}
