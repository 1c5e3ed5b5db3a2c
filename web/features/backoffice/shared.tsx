// Small parts the back office's pages share: labels, a pager and the loading/error line.
import type { ReactNode } from 'react'
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
