// Demo customers: one private and one business account to click through the shop with.
import type { DbOrTx } from '../client.ts'
import { customers } from '../schema/account.ts'

export const DEMO_PASSWORD = 'Demo1234'
export const DEMO_CUSTOMERS = {
  private: 'max.mustermann@example.de',
  business: 'einkauf@mustermann-it.example',
}

export async function seedCustomers(
  db: DbOrTx,
  hashPassword: (password: string) => Promise<string>,
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const now = new Date()
  await db.insert(customers).values([
    {
      customerNumber: 'K100001',
      email: DEMO_CUSTOMERS.private,
      emailConfirmedAt: now,
      passwordHash,
      firstName: 'Max',
      lastName: 'Mustermann',
      customerType: 'private',
    },
    {
      customerNumber: 'K100002',
      email: DEMO_CUSTOMERS.business,
      emailConfirmedAt: now,
      passwordHash,
      firstName: 'Erika',
      lastName: 'Mustermann',
      customerType: 'business',
      businessFormId: 1,
      businessType: 'consumer',
      companyName: 'Mustermann IT GmbH',
    },
  ])
}
