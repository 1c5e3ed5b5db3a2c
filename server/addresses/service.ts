// Addresses as registration needs them: the billing address of a new business or guest account,
// the billing country of a customer, and which countries a billing address may use.
// TODO(#5): the address book (list, add, update, delete, country lists) extends this module.
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { type AddressType, addresses, countries } from '#db/schema/addresses.ts'

export type NewBillingAddress = {
  company: string | null
  firstName: string
  lastName: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: number
  type?: AddressType
  postNumber?: string | null
}

/** Inserts the customer's billing address (the one default address); joins the caller's tx. */
export async function insertBillingAddress(
  tx: DbOrTx,
  customerId: number,
  address: NewBillingAddress,
): Promise<number> {
  const [row] = await tx
    .insert(addresses)
    .values({ ...address, customerId, isDefault: true, type: address.type ?? 'normal' })
    .returning({ id: addresses.id })
  if (!row) throw new Error('address insert returned nothing')
  return row.id
}

/** The country id of the customer's billing address, or null when there is none yet. */
export async function findBillingCountryId(db: DbOrTx, customerId: number): Promise<number | null> {
  const [row] = await db
    .select({ countryId: addresses.countryId })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)))
  return row?.countryId ?? null
}

/** Whether a billing address of this customer type may lie in the country. */
export async function isBillingCountry(
  db: DbOrTx,
  countryId: number,
  customerType: 'private' | 'business',
): Promise<boolean> {
  const [row] = await db
    .select({
      billingPrivate: countries.billingPrivate,
      billingBusiness: countries.billingBusiness,
    })
    .from(countries)
    .where(eq(countries.id, countryId))
  if (!row) return false
  return customerType === 'business' ? row.billingBusiness : row.billingPrivate
}
