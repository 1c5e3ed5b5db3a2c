// Consors financing offers (storefront §9): 0 % for 6, 9 and 12 months; longer terms up to
// 72 months at the sandbox's effective annual rate.
import type { Financing } from '#server/platform/payments/port.ts'

export const ZERO_PERCENT_MONTHS = [6, 9, 12] as const
export const FINANCING_MONTHS = [6, 9, 12, 18, 24, 36, 48, 60, 72] as const
/** Effective annual interest of the terms beyond 12 months (a sandbox value). */
export const FINANCING_ANNUAL_RATE_PERCENT = 9.9

export function isFinancingMonths(value: number): boolean {
  return (FINANCING_MONTHS as readonly number[]).includes(value)
}

/**
 * Monthly rate and total for an amount over `months`. 0 %: the amount in equal rates rounded up
 * to the cent (the last rate is smaller), so the total is the amount. Otherwise an annuity with
 * the monthly rate derived from the effective annual rate.
 */
export function financingTerms(amountCents: number, months: number): Financing {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new TypeError('amount in cents')
  if (!isFinancingMonths(months)) throw new TypeError(`no financing over ${months} months`)
  const zero = (ZERO_PERCENT_MONTHS as readonly number[]).includes(months)
  const annualRatePercent = zero ? 0 : FINANCING_ANNUAL_RATE_PERCENT
  let monthlyRateCents: number
  if (zero) monthlyRateCents = Math.ceil(amountCents / months)
  else {
    const r = (1 + annualRatePercent / 100) ** (1 / 12) - 1
    monthlyRateCents = Math.ceil((amountCents * r) / (1 - (1 + r) ** -months))
  }
  const totalCents = zero ? amountCents : monthlyRateCents * months
  return { months, annualRatePercent, monthlyRateCents, totalCents }
}
