// Drizzle queries of the addresses slice. Every query on an address names its customer, so an id
// of another customer finds nothing (404), never the data.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { type AddressType, addresses, countries } from '#db/schema/addresses.ts'

export type CountryList =
  | 'billingPrivate'
  | 'billingBusiness'
  | 'deliveryPrivate'
  | 'deliveryBusiness'

const addressColumns = {
  id: addresses.id,
  customerId: addresses.customerId,
  company: addresses.company,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  streetName: addresses.streetName,
  streetNumber: addresses.streetNumber,
  zipCode: addresses.zipCode,
  cityName: addresses.cityName,
  countryId: addresses.countryId,
  countryName: countries.name,
  postNumber: addresses.postNumber,
  type: addresses.type,
  isDefault: addresses.isDefault,
}

export type AddressRow = {
  id: number
  customerId: number
  company: string | null
  firstName: string
  lastName: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: number
  countryName: string
  postNumber: string | null
  type: AddressType
  isDefault: boolean
}

export type AddressValues = {
  company: string | null
  firstName: string
  lastName: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: number
  type: AddressType
  postNumber: string | null
}

/** Billing first, then delivery addresses in the order they were added. */
export async function listAddresses(db: DbOrTx, customerId: number): Promise<AddressRow[]> {
  return db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
}

export async function findAddress(
  db: DbOrTx,
  customerId: number,
  addressId: number,
): Promise<AddressRow | null> {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
  return row ?? null
}

export async function findBilling(db: DbOrTx, customerId: number): Promise<AddressRow | null> {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)))
  return row ?? null
}

export async function countDelivery(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, false)))
  return row?.n ?? 0
}

export async function insertAddress(
  db: DbOrTx,
  customerId: number,
  values: AddressValues,
  isDefault: boolean,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, customerId, isDefault, createdAt: now, updatedAt: now })
    .returning({ id: addresses.id })
  if (!row) throw new Error('address insert returned nothing')
  return row.id
}

/** Updates an address of the customer; false when it is not theirs (or gone). */
export async function updateAddress(
  db: DbOrTx,
  customerId: number,
  addressId: number,
  values: Partial<AddressValues>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(addresses)
    .set({ ...values, updatedAt: now })
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
    .returning({ id: addresses.id })
  return rows.length === 1
}

/** Deletes a delivery address of the customer; the billing address is never deleted. */
export async function deleteDelivery(
  db: DbOrTx,
  customerId: number,
  addressId: number,
): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(
      and(
        eq(addresses.id, addressId),
        eq(addresses.customerId, customerId),
        eq(addresses.isDefault, false),
      ),
    )
    .returning({ id: addresses.id })
  return rows.length === 1
}

export async function setBillingCompany(db: DbOrTx, customerId: number, company: string) {
  await db
    .update(addresses)
    .set({ company })
    .where(and(eq(addresses.customerId, customerId), sql`${addresses.company} is not null`))
}

export async function listCountries(db: DbOrTx, list: CountryList) {
  return db
    .select({ countryId: countries.id, countryName: countries.name })
    .from(countries)
    .where(eq(countries[list], true))
    .orderBy(asc(countries.sortOrder), asc(countries.name))
}

export async function isCountryIn(db: DbOrTx, countryId: number, list: CountryList) {
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.id, countryId), eq(countries[list], true)))
  return Boolean(row)
}

/** What the address rules need to know about the customer (read-only; the account owns it). */
export async function findCustomerFacts(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      isLight: customers.isLight,
      customerType: customers.customerType,
      companyName: customers.companyName,
      vatId: customers.vatId,
      studentStatus: customers.studentStatus,
      studentExpiration: customers.studentExpiration,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
  return row ?? null
}
export type CustomerFacts = NonNullable<Awaited<ReturnType<typeof findCustomerFacts>>>

/** Serialises the writes of one customer's address book until the transaction ends. */
export async function lockAddressBook(tx: DbOrTx, customerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('address-book'), ${customerId})`)
}
