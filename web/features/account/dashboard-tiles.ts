// The dashboard's tiles (account-area §2): defaults, at most 4, remembered in the browser as a
// comma-separated list of tile names; credit cards are never offered to add.
import { paths } from '#web/lib/paths.ts'

export const DASHBOARD_STORAGE_KEY = 'bitwerk.dashboard'
export const MAX_TILES = 4

export const TILES = {
  orders: {
    title: 'Meine Bestellungen',
    text: 'Status, Lieferungen und Rechnungen deiner Bestellungen',
    to: paths.account.orders,
  },
  customerData: {
    title: 'Meine Daten',
    text: 'Name, E-Mail-Adresse und Passwort',
    to: paths.account.customerData,
  },
  addressList: {
    title: 'Mein Adressbuch',
    text: 'Rechnungs- und Lieferadressen verwalten',
    to: paths.account.addresses,
  },
  student: {
    title: 'Campusprogramm',
    text: 'Rabatte für Studierende, Schüler, Azubis und Lehrkräfte',
    to: paths.account.campus,
  },
  creditCards: {
    title: 'Meine Kreditkarten',
    text: 'Gespeicherte Kreditkarten ansehen und entfernen',
    to: paths.account.creditCards,
  },
} as const

export type TileName = keyof typeof TILES
export const DEFAULT_TILES: TileName[] = ['orders', 'customerData', 'addressList']

function isTileName(value: string): value is TileName {
  return Object.hasOwn(TILES, value)
}

/** The stored list; defaults when nothing is stored; unknown names and repeats are dropped. */
export function parseTiles(raw: string | null): TileName[] {
  if (raw === null) return [...DEFAULT_TILES]
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(isTileName)
  return [...new Set(names)].slice(0, MAX_TILES)
}

export function serializeTiles(tiles: TileName[]): string {
  return tiles.join(',')
}

type Viewer = { customerType: string; isLightAccount: boolean }

/** Campus is not for business customers; light accounts have no credit cards. */
function allowedFor(tile: TileName, viewer: Viewer): boolean {
  if (tile === 'student') return viewer.customerType !== 'business'
  if (tile === 'creditCards') return !viewer.isLightAccount
  return true
}

export function visibleTiles(tiles: TileName[], viewer: Viewer): TileName[] {
  return tiles.filter((tile) => allowedFor(tile, viewer))
}

/** Tiles the select offers: not shown yet, allowed, never credit cards; none at the maximum. */
export function addableTiles(tiles: TileName[], viewer: Viewer): TileName[] {
  if (tiles.length >= MAX_TILES) return []
  return (Object.keys(TILES) as TileName[]).filter(
    (tile) => tile !== 'creditCards' && !tiles.includes(tile) && allowedFor(tile, viewer),
  )
}
