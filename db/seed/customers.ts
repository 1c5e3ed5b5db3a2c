// Demo customers: one private and one business account to click through the shop with, each
// with a billing address. Their first login in a new browser asks for the e-mailed code (see
// the dev mailbox at /dev/mails).
import type { DbOrTx } from '../client.ts'
import { customers } from '../schema/account.ts'
import { addresses } from '../schema/addresses.ts'

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
  const rows = await db
    .insert(customers)
    .values([
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
    .returning({ id: customers.id, email: customers.email })
  const idOf = (email: string) => rows.find((row) => row.email === email)?.id ?? 0
  await db.insert(addresses).values([
    {
      customerId: idOf(DEMO_CUSTOMERS.private),
      firstName: 'Max',
      lastName: 'Mustermann',
      streetName: 'Musterweg',
      streetNumber: '7',
      zipCode: '10115',
      cityName: 'Berlin',
      countryId: 81,
      isDefault: true,
    },
    // A delivery address to a DHL Packstation, to click through the address book with.
    {
      customerId: idOf(DEMO_CUSTOMERS.private),
      firstName: 'Max',
      lastName: 'Mustermann',
      streetName: 'Packstation',
      streetNumber: '105',
      zipCode: '10117',
      cityName: 'Berlin',
      countryId: 81,
      type: 'packstation',
      postNumber: '12345678',
      isDefault: false,
    },
    {
      customerId: idOf(DEMO_CUSTOMERS.business),
      company: 'Mustermann IT GmbH',
      firstName: 'Erika',
      lastName: 'Mustermann',
      streetName: 'Industriestraße',
      streetNumber: '21',
      zipCode: '80331',
      cityName: 'München',
      countryId: 81,
      isDefault: true,
    },
  ])
}
