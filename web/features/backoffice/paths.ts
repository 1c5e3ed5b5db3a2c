// Paths of the back office's pages.
export const backofficePaths = {
  home: '/backoffice',
  login: '/backoffice/login',
  campus: '/backoffice/campus',
  campusApplication: (id: number) => `/backoffice/campus/${id}`,
  customers: '/backoffice/kunden',
  customer: (id: number) => `/backoffice/kunden/${id}`,
  orders: '/backoffice/bestellungen',
  order: (orderNumber: string) => `/backoffice/bestellungen/${encodeURIComponent(orderNumber)}`,
  products: '/backoffice/artikel',
  vouchers: '/backoffice/gutscheine',
  voucher: (id: number) => `/backoffice/gutscheine/${id}`,
  afterSale: '/backoffice/retouren',
  afterSaleCase: (orderNumber: string) => `/backoffice/retouren/${encodeURIComponent(orderNumber)}`,
  audit: '/backoffice/protokoll',
  tracking: '/backoffice/tracking',
  mails: '/backoffice/mailversand',
} as const
