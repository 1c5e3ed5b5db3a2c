// Demo vouchers (storefront sections 1, 3 and 9): the business voucher (20 EUR from 1000 EUR),
// a single-use code, a percent code and a small welcome code. Codes are stored upper case.
import type { DbOrTx } from '../client.ts'
import { vouchers } from '../schema/checkout.ts'

export const DEMO_VOUCHERS = {
  business: 'BUSINESS20',
  singleUse: 'EINMALIG10',
  percent: 'PROZENT10',
  welcome: 'WILLKOMMEN5',
} as const

export async function seedVouchers(db: DbOrTx): Promise<void> {
  await db
    .insert(vouchers)
    .values([
      {
        code: DEMO_VOUCHERS.business,
        title: 'Geschäftskunden-Gutschein 20 €',
        kind: 'value',
        valueCents: 2000,
        minOrderCents: 100_000,
        businessOnly: true,
        oncePerCustomer: true,
      },
      {
        code: DEMO_VOUCHERS.singleUse,
        title: 'Einmal-Gutschein 10 €',
        kind: 'value',
        valueCents: 1000,
        maxUses: 1,
      },
      { code: DEMO_VOUCHERS.percent, title: '10 % Rabatt', kind: 'percent', percent: 10 },
      {
        code: DEMO_VOUCHERS.welcome,
        title: 'Willkommensgutschein 5 €',
        kind: 'value',
        valueCents: 500,
        minOrderCents: 5000,
        oncePerCustomer: true,
      },
    ])
    .onConflictDoNothing()
}
