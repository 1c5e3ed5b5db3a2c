// Development helpers: the dev mailbox and ending a full login early (for Playwright). Only served while no SMTP_URL is set and the shop
// does not run in production mode; otherwise these calls answer 404.
import { z } from 'zod'
import { c, ErrorSchema, SuccessfulSchema } from './errors.ts'
import { OrderStatusSchema } from './orders.ts'

export const DevMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  /** File names of the attachments (invoices). */
  attachments: z.array(z.string()),
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
  createOrders: {
    method: 'POST',
    path: '/api/dev/orders',
    body: z.object({
      orders: z
        .array(
          z.object({
            placedAt: z.string().datetime(),
            deliveries: z.number().int().min(1).max(3).default(1),
            status: OrderStatusSchema.default('delivered'),
            /** Issue 19: offline methods (no provider payment) for the refund flows. */
            paymentMethod: z.enum(['creditcard', 'invoice', 'banktransfer']).optional(),
          }),
        )
        .min(1)
        .max(40),
    }),
    responses: {
      200: z.object({ orderNumbers: z.array(z.string()) }),
      401: ErrorSchema,
      404: ErrorSchema,
    },
    summary:
      'Dev/test only: orders with catalog products for the logged-in customer (Playwright order history)',
  },
})
