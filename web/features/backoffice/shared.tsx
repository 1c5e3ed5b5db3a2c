// Small parts the back office's pages share: labels, a pager, the loading/error line and the form
// fields that turn German input texts ("12,34") into the numbers of the contract's body schemas.
import type { ReactNode } from 'react'
import { z } from 'zod'
import { m } from '#contract/messages.de.ts'
import { ORDER_STATUS_LABELS, type OrderStatus } from '#contract/orders.ts'
import { problemText } from './office-api.ts'

export const CAMPUS_LABELS: Record<string, string> = {
  unknown: 'Nicht registriert',
  pending: 'In Prüfung',
  valid: 'Aktiv',
  valid_near_expire: 'Aktiv, läuft bald ab',
  expired: 'Abgelaufen',
  deactivated: 'Deaktiviert',
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`backoffice-badge backoffice-badge--${status}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  )
}

/** The tab row of a queue page (Campus review, after-sale): one button per tab, the active one selected. */
export function QueueTabs<K extends string>({
  label,
  tabs,
  active,
  onSelect,
}: {
  label: string
  tabs: readonly { key: K; label: string }[]
  active: K
  onSelect: (key: K) => void
}) {
  return (
    <div className="backoffice-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={`backoffice-tabs__tab${tab.key === active ? ' is-active' : ''}`}
          onClick={() => onSelect(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** "Lädt…" until there is data; the error's German text when the call failed. */
export function Loading({ error, children }: { error: unknown; children?: ReactNode }) {
  if (error) {
    return (
      <p className="form-error" role="alert">
        {problemText(error)}
      </p>
    )
  }
  return <p role="status">{children ?? 'Lädt…'}</p>
}

export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number
  total: number
  pageSize: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <nav className="backoffice-pager" aria-label="Seiten">
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Zurück
      </button>
      <span>
        Seite {page} von {pages}
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Weiter
      </button>
    </nav>
  )
}

/** Euro input ("12,34") to cents; null for empty; NaN for nonsense. */
export function centsOf(value: string): number | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  const normalized = trimmed.replace(/\./g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return Number.NaN
  return Math.round(Number(normalized) * 100)
}

/** Cents to the euro input's text ("12,34"). */
export function euroInput(cents: number | null): string {
  if (cents === null) return ''
  return (cents / 100).toFixed(2).replace('.', ',')
}

// --- Form texts to body numbers -------------------------------------------------------------------
// A back-office form keeps its inputs as texts. Its schema is `z.object({ <body key>: <text field> })
// .pipe(<contract body schema>)`: the fields below turn the texts into the body's numbers (German
// message when a text is no number), then the contract's own schema checks the body, and its
// issues land on the same keys, so `<Field error>` shows them.

const needed = (value: number | null, ctx: z.RefinementCtx) => {
  if (value !== null) return value
  ctx.addIssue({ code: 'custom', message: m('required') })
  return z.NEVER
}

/** Euro text ("12,34", "1.234,5") to cents; empty is null. */
export const euroText = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const cents = centsOf(text ?? '')
    if (!Number.isNaN(cents)) return cents
    ctx.addIssue({ code: 'custom', message: m('backoffice_euro_invalid') })
    return z.NEVER
  })

/** Euro text to cents; empty is "required". */
export const requiredEuroText = euroText.transform(needed)

/** Whole number text ("12") to a number; empty is null. */
export const wholeNumberText = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const trimmed = (text ?? '').trim()
    if (!trimmed) return null
    if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed)
    ctx.addIssue({ code: 'custom', message: m('backoffice_whole_number_invalid') })
    return z.NEVER
  })

/** Whole number text to a number; empty is "required". */
export const requiredWholeNumberText = wholeNumberText.transform(needed)

/** Date input text ("2026-11-27") to the body's day; empty is null. */
export const dayText = z.string().transform((text) => text || null)

/**
 * A form's schema: its fields (texts) become the body, which the contract's body schema then
 * checks. Typed so the fields' output must fit the body schema's input.
 */
export function bodyForm<Body extends z.ZodTypeAny, Input>(
  fields: z.ZodType<z.input<Body>, z.ZodTypeDef, Input>,
  body: Body,
) {
  return fields.pipe(body)
}
