// Where the account's pages are, which need a full login, and the side navigation's entries
// with their hiding rules (account-area §2).
import { paths } from '#web/lib/paths.ts'

const BASE = paths.account.overview

/** Pages anybody may open: the login layout's pages (NotFound is public too). */
export const PUBLIC_ACCOUNT_PATHS: readonly string[] = [
  paths.account.login,
  paths.account.register,
  paths.account.passwordForgotten,
]

/** External help pages (FAQ & Hilfe). */
export const HELP_URL = 'https://hilfe.bitwerk.example/'

export function isAccountPath(pathname: string): boolean {
  return pathname === BASE || pathname.startsWith(`${BASE}/`)
}

/** An account page that needs a full login (everything but the login layout's pages). */
export function isPrivateAccountPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return isAccountPath(path) && !PUBLIC_ACCOUNT_PATHS.includes(decodeURI(path))
}

/** The remembered target after a login (`?ziel=`): only account pages, else the overview. */
export function loginTarget(search: string): string {
  const target = new URLSearchParams(search).get('ziel')
  if (target?.startsWith(`${BASE}`) && !target.startsWith('//')) return target
  return BASE
}

export function loginPathFor(target: string): string {
  return `${paths.account.login}?ziel=${encodeURIComponent(target)}`
}

export type NavEntry = {
  key: string
  label: string
  to: string
  /** Hidden below 1024 px (the overview lists the navigation there). */
  desktopOnly?: boolean
  hiddenFor?: (customer: { isLightAccount: boolean; customerType: string }) => boolean
  external?: boolean
}

export const NAV_ENTRIES: NavEntry[] = [
  { key: 'overview', label: 'Kontoübersicht', to: BASE, desktopOnly: true },
  { key: 'orders', label: 'Meine Bestellungen', to: paths.account.orders },
  { key: 'customerData', label: 'Meine Benutzerdaten', to: paths.account.customerData },
  { key: 'addresses', label: 'Meine Adressen', to: paths.account.addresses },
  {
    key: 'creditCards',
    label: 'Meine Kreditkartendaten',
    to: paths.account.creditCards,
    hiddenFor: (customer) => customer.isLightAccount,
  },
  {
    key: 'campus',
    label: 'Campusprogramm',
    to: paths.account.campus,
    hiddenFor: (customer) => customer.customerType === 'business',
  },
  { key: 'newsletter', label: 'Newsletter', to: paths.newsletter },
  { key: 'help', label: 'FAQ & Hilfe', to: HELP_URL, external: true },
]
