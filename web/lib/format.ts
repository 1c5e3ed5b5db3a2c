// The only place that formats money, numbers and dates for the shopper (de-DE, EUR).
import { formatEuro } from '#contract/money.ts'

const integer = new Intl.NumberFormat('de-DE')
const date = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
})
const dateLong = new Intl.DateTimeFormat('de-DE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
})

/** 129900 -> "1.299,00 €" */
export function formatPrice(cents: number): string {
  return formatEuro(cents)
}

export function formatNumber(value: number): string {
  return integer.format(value)
}

/** "21.11.2026" */
export function formatDate(value: Date | string | number): string {
  return date.format(new Date(value))
}

/** "21. November 2026" */
export function formatDateLong(value: Date | string | number): string {
  return dateLong.format(new Date(value))
}

/** Seconds as m:ss, for countdowns ("4:05"). */
export function formatCountdown(totalSeconds: number): { m: string; s: string } {
  const seconds = Math.max(0, Math.ceil(totalSeconds))
  return { m: String(Math.floor(seconds / 60)), s: String(seconds % 60).padStart(2, '0') }
}

/** Cuts a text at `limit` characters with an ellipsis (header lists cut at 25). */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text
}

const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
})

/** "21.11.2026, 14:05" (Berlin time) */
export function formatDateTime(value: Date | string | number): string {
  return dateTime.format(new Date(value))
}
