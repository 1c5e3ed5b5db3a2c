import type { Availability as AvailabilityKind } from '#contract/catalog.ts'

const TEXT: Record<AvailabilityKind, string> = {
  in_stock: 'Auf Lager',
  low_stock: 'Nur noch wenige auf Lager',
  out_of_stock: 'Derzeit nicht auf Lager',
}

/** Stock and delivery: a coloured dot and the German wording. */
export function Availability({
  availability,
  lowStockQuantity,
  detailed = false,
  deliveryTime = null,
}: {
  availability: AvailabilityKind
  lowStockQuantity: number | null
  detailed?: boolean
  /** The merchant's delivery time while in stock ("3–5 Werktage"); null: 1–2 Werktage. */
  deliveryTime?: string | null
}) {
  const text =
    availability === 'low_stock' && lowStockQuantity !== null
      ? `Nur noch ${lowStockQuantity} Stück auf Lager`
      : TEXT[availability]
  const delivery =
    availability === 'out_of_stock'
      ? 'Liefertermin unbekannt'
      : deliveryTime
        ? `Lieferzeit: ${deliveryTime}`
        : 'Lieferung in 1–2 Werktagen'
  return (
    <p className={`availability availability--${availability}`}>
      <span className="availability__dot" aria-hidden="true" />
      <span>
        {text}
        {detailed && <span className="availability__delivery"> · {delivery}</span>}
      </span>
    </p>
  )
}
