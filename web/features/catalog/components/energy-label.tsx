import { useState } from 'react'
import type { EnergyLabel } from '#contract/catalog.ts'
import type { EnergyEfficiency } from '#contract/header.ts'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { Modal } from '#web/components/ui/index.ts'
import { useEnergyLabel } from '../api.ts'

const CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const

/** The scale is shown beside the label when it is "A - G" or empty (storefront section 2). */
export function showsScale(scale: string): boolean {
  const compact = scale.replace(/\s/g, '')
  return compact === '' || compact === 'A-G'
}

function scaleText(scale: string): string {
  return showsScale(scale) ? 'A bis G' : scale
}

/** The EU badge: the class arrow in its colour with the scale beside it; opens the label. */
export function EnergyBadge({
  productId,
  energy,
  size = 'md',
}: {
  productId: number
  energy: EnergyEfficiency
  size?: 'sm' | 'md'
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={`energy-badge energy-badge--${energy.label.toLowerCase()} energy-badge--${size}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Energieeffizienzklasse ${energy.label} (Skala ${scaleText(energy.scale)}): Energielabel anzeigen`}
      >
        <span className="energy-badge__scale" aria-hidden="true">
          <span>A</span>
          <span>G</span>
        </span>
        <span className="energy-badge__class" aria-hidden="true">
          {energy.label}
        </span>
      </button>
      {open && <EnergyLabelModal productId={productId} onClose={() => setOpen(false)} />}
    </>
  )
}

function ScaleBars({ label }: { label: EnergyLabel }) {
  return (
    <ol className="energy-scale" aria-label="Skala A bis G">
      {CLASSES.map((letter, i) => (
        <li
          key={letter}
          className={`energy-scale__bar energy-scale__bar--${letter.toLowerCase()}`}
          style={{ width: `${48 + i * 8}%` }}
          aria-current={letter === label.label ? 'true' : undefined}
        >
          {letter}
          {letter === label.label && <span className="visually-hidden"> (dieses Produkt)</span>}
        </li>
      ))}
    </ol>
  )
}

/** The energy label modal: the label picture, the scale and the product data sheet. */
export function EnergyLabelModal({
  productId,
  onClose,
}: {
  productId: number
  onClose: () => void
}) {
  const { data, isError } = useEnergyLabel(productId, true)
  const label = data?.status === 200 ? data.body : null
  return (
    <Modal open title="Energielabel" onClose={onClose} size="md">
      {isError && <p role="alert">{t('energy_label_load_failed')}</p>}
      {!label && !isError && (
        <p className="energy-modal__loading" role="status">
          Energielabel wird geladen …
        </p>
      )}
      {label && (
        <div className="energy-modal">
          <img
            className="energy-modal__image"
            src={label.eefImage}
            width={400}
            height={720}
            alt={`EU-Energielabel: Energieeffizienzklasse ${label.label} auf der Skala ${scaleText(label.scale)}`}
          />
          <div className="energy-modal__side">
            <p className="energy-modal__class">
              Energieeffizienzklasse <strong>{label.label}</strong>
            </p>
            {showsScale(label.scale) && <ScaleBars label={label} />}
            <a
              className="btn btn--secondary btn--sm"
              href={label.pdfUrl}
              target="_blank"
              rel="noopener"
            >
              Produktdatenblatt (PDF)
            </a>
          </div>
        </div>
      )}
    </Modal>
  )
}
