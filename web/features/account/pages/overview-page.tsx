import { useEffect, useId, useState } from 'react'
import { Button, Modal } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { LastSeenSlider, TopProductsSlider } from '#web/features/catalog/index.ts'
import { useCustomerData } from '../api.ts'
import {
  addableTiles,
  DASHBOARD_STORAGE_KEY,
  DEFAULT_TILES,
  parseTiles,
  serializeTiles,
  TILES,
  type TileName,
  visibleTiles,
} from '../dashboard-tiles.ts'

function readTiles(): TileName[] {
  try {
    return parseTiles(window.localStorage.getItem(DASHBOARD_STORAGE_KEY))
  } catch {
    return [...DEFAULT_TILES]
  }
}

function writeTiles(tiles: TileName[]) {
  try {
    window.localStorage.setItem(DASHBOARD_STORAGE_KEY, serializeTiles(tiles))
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
}

/**
 * Kontoübersicht (account-area §2): tiles with defaults, at most 4, edit toggle, removal after
 * confirmation, adding from a select; remembered in localStorage. Hidden on mobile, where the
 * navigation is the overview.
 */
export function OverviewPage() {
  const customer = useCustomerData().data?.body
  const [tiles, setTiles] = useState<TileName[]>(DEFAULT_TILES)
  const [editing, setEditing] = useState(false)
  const [removing, setRemoving] = useState<TileName | null>(null)
  const addId = useId()
  useEffect(() => setTiles(readTiles()), [])

  const viewer = customer ?? { customerType: 'private', isLightAccount: false }
  const shown = visibleTiles(tiles, viewer)
  const addable = addableTiles(tiles, viewer)
  const save = (next: TileName[]) => {
    setTiles(next)
    writeTiles(next)
  }

  return (
    <div className="dashboard">
      <div className="dashboard__toolbar">
        <p className="dashboard__intro">Deine wichtigsten Bereiche auf einen Blick.</p>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={editing}
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'Ansicht schließen' : 'Ansicht bearbeiten'}
        </Button>
      </div>
      {shown.length > 0 ? (
        <ul className="tiles">
          {shown.map((name) => (
            <li key={name} className={`tile tile--${name}`}>
              <Link className="tile__link" to={TILES[name].to}>
                <span className="tile__title">{TILES[name].title}</span>
                <span className="tile__text">{TILES[name].text}</span>
              </Link>
              {editing && (
                <button
                  type="button"
                  className="tile__remove"
                  onClick={() => setRemoving(name)}
                  aria-label={`Kachel „${TILES[name].title}“ entfernen`}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="dashboard__empty">
          Du hast alle Kacheln entfernt. Über „Ansicht bearbeiten“ fügst du neue hinzu.
        </p>
      )}
      {editing && addable.length > 0 && (
        <div className="dashboard__add field">
          <label className="field__label" htmlFor={addId}>
            Kachel hinzufügen
          </label>
          <select
            id={addId}
            className="select"
            value=""
            onChange={(event) => {
              const name = event.target.value as TileName
              if (name) save([...tiles, name])
            }}
          >
            <option value="">Bitte wählen</option>
            {addable.map((name) => (
              <option key={name} value={name}>
                {TILES[name].title}
              </option>
            ))}
          </select>
        </div>
      )}
      {editing && addable.length === 0 && shown.length >= 4 && (
        <p className="dashboard__hint">Es passen höchstens 4 Kacheln auf deine Übersicht.</p>
      )}
      <Modal
        open={removing !== null}
        title="Kachel entfernen"
        size="sm"
        onClose={() => setRemoving(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Abbrechen
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                save(tiles.filter((tile) => tile !== removing))
                setRemoving(null)
              }}
            >
              Entfernen
            </Button>
          </>
        }
      >
        <p>
          Möchtest du die Kachel „{removing ? TILES[removing].title : ''}“ von deiner Kontoübersicht
          entfernen?
        </p>
      </Modal>
      <TopProductsSlider />
      <LastSeenSlider />
    </div>
  )
}
