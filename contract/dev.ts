// Development helpers: the dev mailbox and ending a full login early (for Playwright). Only served while no SMTP_URL is set and the shop
// does not run in production mode; otherwise these calls answer 404.
import { z } from 'zod'
import { c, ErrorSchema, SuccessfulSchema } from './errors.ts'

export const DevMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
})
export type DevMail = z.infer<typeof DevMailSchema>

export const devContract = c.router({
  getMails: {
    method: 'GET',
    path: '/api/dev/mails',
    query: z.object({ to: z.string().optional() }),
    responses: { 200: z.array(DevMailSchema), 404: ErrorSchema },
    summary: 'Dev mailbox: outbox mails, newest first (to, subject, text, links)',
  },
  expireFullLogin: {
    method: 'POST',
    path: '/api/dev/expire-full-login',
    body: c.noBody(),
    responses: { 200: SuccessfulSchema, 404: ErrorSchema },
    summary: 'Dev/test only: the current full login becomes soft now (Playwright soft-login flow)',
  },
})
