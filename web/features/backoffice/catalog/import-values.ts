// The dry run's values as an operator reads them (issue 21): the list columns arrive as the
// format's compact JSON (warranties, safety notes, technical data) and are shown as German text;
// a ZIP import's picture changes are summed up per product.
import type { CatalogImportRow } from '#contract/backoffice-import.ts'
import { formatPrice } from '#web/lib/format.ts'

type Warranty = { name?: unknown; monate?: unknown; preis?: unknown }
type SpecLine = { gruppe?: unknown; name?: unknown; wert?: unknown }

function parsed(text: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''))

/** One cell of the dry run as text: list columns readable, everything else as it is. */
export function readableValue(column: string, text: string | null): string {
  if (!text) return '(leer)'
  if (!['garantien', 'sicherheitshinweise', 'technische_daten'].includes(column)) return text
  const list = parsed(text)
  if (!list) return text
  if (list.length === 0) return '(leer)'
  if (column === 'garantien') {
    return list
      .map((entry) => {
        const w = entry as Warranty
        const months = Number(w.monate)
        const cents = Math.round(Number(w.preis) * 100)
        return `${str(w.name)} (${months} ${months === 1 ? 'Monat' : 'Monate'}, ${formatPrice(cents)})`
      })
      .join('; ')
  }
  if (column === 'sicherheitshinweise') return list.map((note) => `„${str(note)}“`).join(' · ')
  return list
    .map((entry) => {
      const line = entry as SpecLine
      return `${str(line.gruppe)} › ${str(line.name)}: ${str(line.wert)}`
    })
    .join('; ')
}

/** What a row does to the product's pictures, in one line. */
export function pictureSummary(pictures: NonNullable<CatalogImportRow['pictures']>): string {
  const parts: string[] = []
  if (pictures.added.length > 0) {
    parts.push(
      `${pictures.added.length} ${pictures.added.length === 1 ? 'Bild' : 'Bilder'} neu (${pictures.added.join(', ')})`,
    )
  }
  if (pictures.removed.length > 0) {
    parts.push(
      `${pictures.removed.length === 1 ? 'Bild' : 'Bilder'} ${pictures.removed.join(', ')} entfernt`,
    )
  }
  if (pictures.reordered) parts.push('Reihenfolge geändert')
  if (pictures.altChanged > 0) {
    parts.push(
      `${pictures.altChanged} ${pictures.altChanged === 1 ? 'Alternativtext' : 'Alternativtexte'} geändert`,
    )
  }
  const after =
    pictures.after.length === 0
      ? 'danach keine Bilder (die gezeichneten Ansichten)'
      : `danach: ${pictures.after
          .map((p, i) => `${i + 1}. ${p.file}${p.alt ? ` „${p.alt}“` : ''}`)
          .join(', ')}`
  return `${parts.join(' · ')}; ${after}`
}
