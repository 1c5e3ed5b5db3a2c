// What the back office's work areas share: paging, the audit's before/after, the order row of
// the lists, and Berlin days.
import type { BackofficeOrderRow } from '#contract/backoffice.ts'
import { BACKOFFICE_PAGE_SIZE } from '#contract/backoffice.ts'
import type * as repo from './repo.ts'

/** Germany: the billing country when a customer has no billing address yet. */
export const PRIMARY_COUNTRY_ID = 81

export type Change<T> = { before: T; after: T }

export function paging(page: number) {
  return { limit: BACKOFFICE_PAGE_SIZE, offset: (page - 1) * BACKOFFICE_PAGE_SIZE }
}

export function orderRowOf(row: repo.OrderRow): BackofficeOrderRow {
  return {
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    customerId: row.customerId,
    customerName: row.companyName ?? `${row.firstName} ${row.lastName}`,
    email: row.email,
    totalCents: row.totalCents,
    status: row.status,
    deliveries: row.deliveries,
    paymentMethod: row.paymentMethod,
  }
}

export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * 86_400_000)
    .toISOString()
    .slice(0, 10)
}

/** Start of a Berlin day as an instant. */
export function berlinDayStart(day: string): Date {
  // The offset of Berlin at noon of that day (CET or CEST) is the offset of its midnight too,
  // except on the two switch nights, where the switch happens at 02:00/03:00.
  const noon = new Date(`${day}T12:00:00Z`)
  const berlinNoon = new Date(noon.toLocaleString('en-US', { timeZone: 'Europe/Berlin' }))
  const utcNoon = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }))
  const offsetMs = berlinNoon.getTime() - utcNoon.getTime()
  return new Date(new Date(`${day}T00:00:00Z`).getTime() - offsetMs)
}
