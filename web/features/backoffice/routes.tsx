// Route objects of the back office (/backoffice): the login page, and the shell (staff-login
// guard, navigation, page frame) with its pages. Issue 11 adds its pages to BACKOFFICE_PAGES
// (with `handle: { title }`) and their entries to BACKOFFICE_NAV in navigation.ts.
// Everything loads lazily and renders in the browser (the staff cookie is for /api/staff only).
import type { RouteObject } from 'react-router-dom'
import type { BackofficeHandle } from './pages/layout.tsx'

const title = (text: string): BackofficeHandle => ({ title: text })

/** The pages inside the shell, relative to /backoffice. */
export const BACKOFFICE_PAGES: RouteObject[] = [
  {
    index: true,
    handle: title('Übersicht'),
    lazy: () =>
      import('./pages/dashboard-page.tsx').then((m) => ({ Component: m.BackofficeDashboardPage })),
  },
  {
    path: 'campus',
    handle: title('Campus-Prüfung'),
    lazy: () => import('./campus/queue-page.tsx').then((m) => ({ Component: m.CampusQueuePage })),
  },
  {
    path: 'campus/:id',
    handle: title('Campus-Antrag'),
    lazy: () =>
      import('./campus/application-page.tsx').then((m) => ({ Component: m.CampusApplicationPage })),
  },
  {
    path: 'kunden',
    handle: title('Kunden'),
    lazy: () =>
      import('./customers/search-page.tsx').then((m) => ({ Component: m.CustomerSearchPage })),
  },
  {
    path: 'kunden/:id',
    handle: title('Kunde'),
    lazy: () =>
      import('./customers/customer-page.tsx').then((m) => ({ Component: m.CustomerPage })),
  },
  {
    path: 'bestellungen',
    handle: title('Bestellungen'),
    lazy: () => import('./orders/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
  },
  {
    path: 'bestellungen/:orderNumber',
    handle: title('Bestellung'),
    lazy: () => import('./orders/order-page.tsx').then((m) => ({ Component: m.OrderPage })),
  },
  {
    path: 'rechtstexte',
    handle: title('Rechtstexte'),
    lazy: () =>
      import('./legal/legal-texts-page.tsx').then((m) => ({ Component: m.LegalTextsPage })),
  },
  {
    path: 'rechtstexte/:section',
    handle: title('Rechtstext'),
    lazy: () => import('./legal/legal-text-page.tsx').then((m) => ({ Component: m.LegalTextPage })),
  },
  {
    path: 'bewertungen',
    handle: title('Bewertungen'),
    lazy: () => import('./reviews/reviews-page.tsx').then((m) => ({ Component: m.ReviewsPage })),
  },
  {
    path: 'retouren',
    handle: title('Widerrufe & Retouren'),
    lazy: () =>
      import('./after-sale/queue-page.tsx').then((m) => ({ Component: m.AfterSaleQueuePage })),
  },
  {
    path: 'retouren/:orderNumber',
    handle: title('Widerruf & Retoure'),
    lazy: () =>
      import('./after-sale/case-page.tsx').then((m) => ({ Component: m.AfterSaleCasePage })),
  },
  {
    path: 'artikel',
    handle: title('Artikel'),
    lazy: () => import('./catalog/products-page.tsx').then((m) => ({ Component: m.ProductsPage })),
  },
  {
    path: 'import',
    handle: title('Import und Export'),
    lazy: () => import('./catalog/import-page.tsx').then((m) => ({ Component: m.ImportPage })),
  },
  {
    path: 'kategorien',
    handle: title('Kategorien'),
    lazy: () =>
      import('./catalog/categories-page.tsx').then((m) => ({ Component: m.CategoriesPage })),
  },
  {
    path: 'hersteller',
    handle: title('Hersteller'),
    lazy: () =>
      import('./catalog/manufacturers-page.tsx').then((m) => ({
        Component: m.ManufacturersPage,
      })),
  },
  {
    path: 'artikel/:id',
    handle: title('Artikel bearbeiten'),
    lazy: () =>
      import('./catalog/product-editor-page.tsx').then((m) => ({
        Component: m.ProductEditorPage,
      })),
  },
  {
    path: 'gutscheine',
    handle: title('Gutscheine'),
    lazy: () => import('./vouchers/vouchers-page.tsx').then((m) => ({ Component: m.VouchersPage })),
  },
  {
    path: 'gutscheine/:id',
    handle: title('Gutschein'),
    lazy: () => import('./vouchers/voucher-page.tsx').then((m) => ({ Component: m.VoucherPage })),
  },
  {
    path: 'protokoll',
    handle: title('Protokoll'),
    lazy: () => import('./audit/audit-page.tsx').then((m) => ({ Component: m.AuditPage })),
  },
  {
    path: 'tracking',
    handle: title('Tracking'),
    lazy: () =>
      import('./reports/tracking-page.tsx').then((m) => ({ Component: m.TrackingReportPage })),
  },
  {
    path: 'mailversand',
    handle: title('Mailversand'),
    lazy: () => import('./mails/mails-page.tsx').then((m) => ({ Component: m.MailsPage })),
  },
]

export function backofficeRoutes(extraPages: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: 'backoffice/login',
      lazy: () =>
        import('./pages/login-page.tsx').then((m) => ({ Component: m.BackofficeLoginPage })),
    },
    {
      path: 'backoffice',
      lazy: () => import('./pages/layout.tsx').then((m) => ({ Component: m.BackofficeLayout })),
      children: [...BACKOFFICE_PAGES, ...extraPages],
    },
  ]
}
