// Calendar days in Germany for the Campus rules: a membership runs to the end of its last day
// (Europe/Berlin), whatever the server's time zone.
import { berlinDate } from '#contract/campus.ts'

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** Berlin's offset from UTC at an instant, in milliseconds. */
function berlinOffsetMs(at: Date): number {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]))
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  )
  return asUtc - Math.floor(at.getTime() / 1000) * 1000
}

/** 00:00 in Berlin on the day (YYYY-MM-DD), as an instant. */
function berlinMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const guess = Date.UTC(y, m - 1, d)
  const first = guess - berlinOffsetMs(new Date(guess))
  // Once more at the found instant, in case the offset changed in between (DST nights).
  return new Date(guess - berlinOffsetMs(new Date(first)))
}

/** The day after (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** The last millisecond of the day in Berlin: a membership "until" that day ends here. */
export function endOfBerlinDay(day: string): Date {
  return new Date(berlinMidnight(nextDay(day)).getTime() - 1)
}

/** The same calendar day `months` later (clamped to the month's end). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d, last))
  return target.toISOString().slice(0, 10)
}

const german = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
})

/** "21.11.2026", as the shop shows dates. */
export function germanDate(at: Date): string {
  return german.format(at)
}

export { berlinDate }
