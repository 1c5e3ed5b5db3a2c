import { describe, expect, it } from 'vitest'
import { OrdersQuerySchema, ordersCaption, sortOrdersFilter } from './orders.ts'

describe('orders filter', () => {
  it('puts 30 first, then 180, then the years descending (account-area §4)', () => {
    expect(sortOrdersFilter([2024, 180, 2026, 30, 2025])).toEqual([30, 180, 2026, 2025, 2024])
  })

  it('captions the table by period', () => {
    expect(ordersCaption(30)).toBe('Deine Bestellungen der letzten 30 Tage')
    expect(ordersCaption(180)).toBe('Deine Bestellungen der letzten 6 Monate')
    expect(ordersCaption(2025)).toBe('Deine Bestellungen aus dem Jahr 2025')
  })

  it('defaults to page 1 of 10 in the last 180 days and refuses other day counts', () => {
    expect(OrdersQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageElements: 10,
      yearOfOrders: 180,
    })
    expect(OrdersQuerySchema.safeParse({ yearOfOrders: 90 }).success).toBe(false)
    expect(OrdersQuerySchema.safeParse({ yearOfOrders: 2025 }).success).toBe(true)
  })
})
