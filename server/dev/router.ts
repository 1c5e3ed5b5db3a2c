import { contract } from '#contract/index.ts'
import { insertSampleOrders } from '#db/seed/orders.ts'
import { errorJson, s } from '#server/platform/http.ts'
import { listMails } from '#server/platform/mail/outbox.ts'
import { expireFullLogin } from '#server/platform/session.ts'

export const devRouter = s.router(contract.dev, {
  getMails: async ({ req, query }) => {
    if (!req.ctx.config.devMailbox) return { status: 404, body: errorJson('not_found') }
    const mails = await listMails(req.ctx.db, { to: query.to })
    return {
      status: 200,
      body: mails.map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.links,
        attachments: mail.attachments,
        createdAt: mail.createdAt.toISOString(),
      })),
    }
  },
  // Lets Playwright meet the soft login without a globally short full login: the calling
  // session's full login ends now. Like the mailbox, it exists only in development and tests.
  expireFullLogin: async ({ req }) => {
    if (!req.ctx.config.devMailbox) return { status: 404, body: errorJson('not_found') }
    const row = await req.session.load()
    if (row?.customerId) {
      await expireFullLogin(req.ctx.db, row.id, req.ctx.clock.now())
    }
    return { status: 200, body: { successful: true as const } }
  },
  // Lets Playwright give its own customer an order history without going through checkout
  // (the same writer as the demo seed). Like the mailbox, only in development and tests.
  createOrders: async ({ req, body }) => {
    if (!req.ctx.config.devMailbox) return { status: 404, body: errorJson('not_found') }
    const customerId = await req.session.customerId()
    if (!customerId) return { status: 401, body: errorJson('unauthorized') }
    const inserted = await insertSampleOrders(
      req.ctx.db,
      customerId,
      body.orders.map((order) => ({ ...order, placedAt: new Date(order.placedAt) })),
      customerId,
    )
    return { status: 200, body: { orderNumbers: inserted.map((order) => order.orderNumber) } }
  },
})
