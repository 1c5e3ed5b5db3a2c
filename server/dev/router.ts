import { contract } from '#contract/index.ts'
import { errorJson, s } from '#server/platform/http.ts'
import { listMails } from '#server/platform/mail/outbox.ts'

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
        createdAt: mail.createdAt.toISOString(),
      })),
    }
  },
})
