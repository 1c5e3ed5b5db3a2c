// The back office's navigation: one entry per area. Issue 11 adds its areas (customers, orders,
// catalog, vouchers) here and their pages in routes.tsx; entries with `roles` are shown only to
// those roles (the server's guard decides access regardless).
import type { StaffRole } from '#contract/backoffice-access.ts'
import { backofficePaths } from './paths.ts'

export type BackofficeNavEntry = {
  key: string
  label: string
  to: string
  /** Only active on exactly this path (the start page). */
  end?: boolean
  /** Shown to these roles only; all known roles when missing. */
  roles?: readonly StaffRole[]
}

export const BACKOFFICE_NAV: BackofficeNavEntry[] = [
  { key: 'dashboard', label: 'Übersicht', to: backofficePaths.home, end: true },
  { key: 'customers', label: 'Kunden', to: backofficePaths.customers },
  { key: 'orders', label: 'Bestellungen', to: backofficePaths.orders },
  { key: 'after-sale', label: 'Widerrufe & Retouren', to: backofficePaths.afterSale },
  { key: 'products', label: 'Artikel', to: backofficePaths.products },
  { key: 'categories', label: 'Kategorien', to: backofficePaths.categories },
  { key: 'manufacturers', label: 'Hersteller', to: backofficePaths.manufacturers },
  {
    key: 'catalog-import',
    label: 'Import & Export',
    to: backofficePaths.catalogImport,
    roles: ['admin'],
  },
  { key: 'vouchers', label: 'Gutscheine', to: backofficePaths.vouchers },
  { key: 'campus', label: 'Campus-Prüfung', to: backofficePaths.campus },
  { key: 'tracking', label: 'Tracking', to: backofficePaths.tracking },
  { key: 'mails', label: 'Mailversand', to: backofficePaths.mails },
  { key: 'legal-texts', label: 'Rechtstexte', to: backofficePaths.legalTexts },
  { key: 'reviews', label: 'Bewertungen', to: backofficePaths.reviews },
  { key: 'audit', label: 'Protokoll', to: backofficePaths.audit, roles: ['admin'] },
]

export function navFor(role: string): BackofficeNavEntry[] {
  return BACKOFFICE_NAV.filter(
    (entry) => !entry.roles || (entry.roles as readonly string[]).includes(role),
  )
}
