// Rules of the address book (account-area §4-§8, storefront §5): billing and delivery addresses,
// the business and Campus locks, the country lists, and what registration and the light-account
// conversion need (the billing address inside the caller's transaction).
import {
  type Address,
  type AddressContext,
  type AddressInput,
  type AddressList,
  type AddressRules,
  addressErrorFields,
  addressSchema,
  type BillingLock,
  PACKSTATION_STREET,
} from '#contract/addresses.ts'
import { campusStatusAt, isCampusMemberStatus } from '#contract/campus.ts'
import { PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import type { DbOrTx } from '#db/client.ts'
import { type AddressType, addresses } from '#db/schema/addresses.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'

type Facts = repo.CustomerFacts & { isCampusMember: boolean }

/** Delivery addresses a customer may keep. */
export const MAX_DELIVERY_ADDRESSES = 20

export type AddressError =
  | 'address_save_failed'
  | 'address_billing_locked_campus'
  | 'address_billing_locked_business'
  | 'address_delivery_country_locked'
  | 'address_light_account'
  | 'address_billing_exists'
  | 'address_billing_missing'
  | 'address_limit_reached'
  | 'address_default_not_deletable'
  | 'address_delete_failed'
type Fields = { errorFields: Record<string, string> }

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

// --- Registration and conversion (joins the caller's transaction) ------------------------------

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

/** Creates or replaces the billing address (a light account's conversion); joins the tx. */
export async function saveBillingAddress(
  tx: DbOrTx,
  customerId: number,
  address: NewBillingAddress,
  now: Date,
): Promise<number> {
  const current = await repo.findBilling(tx, customerId)
  const values = { ...address, type: 'normal' as const, postNumber: null }
  if (current) {
    await repo.updateAddress(tx, customerId, current.id, values, now)
    return current.id
  }
  return repo.insertAddress(tx, customerId, values, true, now)
}

/** A renamed company (sole proprietors) is the company of every address that names one. */
export async function renameAddressCompany(tx: DbOrTx, customerId: number, company: string) {
  await repo.setBillingCompany(tx, customerId, company)
}

/** The country id of the customer's billing address, or null when there is none yet. */
export async function findBillingCountryId(db: DbOrTx, customerId: number): Promise<number | null> {
  return (await repo.findBilling(db, customerId))?.countryId ?? null
}

/** Whether a billing address of this customer type may lie in the country. */
export async function isBillingCountry(
  db: DbOrTx,
  countryId: number,
  customerType: 'private' | 'business',
): Promise<boolean> {
  return repo.isCountryIn(db, countryId, listOf('billing', customerType))
}

/**
 * Checks an invoice address by the account's rules and the billing country list; the backend
 * codes of refused fields come back as `errorFields` (account-area §8).
 */
export async function checkBillingAddress(
  db: DbOrTx,
  customerType: 'private' | 'business',
  input: AddressInput,
): Promise<Result<NewBillingAddress & { vatId: string }, 'invalid', Fields>> {
  const parsed = addressSchema({ flow: 'account', kind: 'billing', customerType }).safeParse({
    ...input,
    type: 'normal',
  })
  if (!parsed.success) return err('invalid', { errorFields: addressErrorFields(parsed.error) })
  const value = parsed.data
  if (!(await isBillingCountry(db, value.countryId, customerType))) {
    return err('invalid', { errorFields: { countryId: 'invalid' } })
  }
  return ok({
    company: customerType === 'business' ? value.company : value.company || null,
    firstName: value.firstName,
    lastName: value.lastName,
    streetName: value.streetName,
    streetNumber: value.streetNumber,
    zipCode: value.zipCode,
    cityName: value.cityName,
    countryId: value.countryId,
    vatId: value.vatId,
  })
}

// --- The address book ------------------------------------------------------------------------

function listOf(kind: 'billing' | 'delivery', customerType: 'private' | 'business') {
  return `${kind}${customerType === 'business' ? 'Business' : 'Private'}` as repo.CountryList
}

function billingLockOf(facts: Facts, billing: repo.AddressRow | null): BillingLock | null {
  if (facts.isCampusMember) return 'campus'
  if (facts.customerType !== 'business' || !billing || facts.isLight) return null
  if (billing.countryId !== PRIMARY_COUNTRY_ID) return 'business_country'
  return facts.vatId ? 'business_vat_id' : null
}

function rulesOf(facts: Facts, billing: repo.AddressRow | null): AddressRules {
  const isBusiness = facts.customerType === 'business'
  const existingBusiness = isBusiness && !facts.isLight
  return {
    billingLock: billingLockOf(facts, billing),
    lockedDeliveryCountryId: isBusiness ? (billing?.countryId ?? null) : null,
    companyLocked: existingBusiness,
    billingNamesLocked: existingBusiness && billing !== null,
    isLightAccount: facts.isLight,
  }
}

function toWire(row: repo.AddressRow, facts: Facts): Address {
  return {
    id: row.id,
    company: row.company ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    streetName: row.streetName,
    streetNumber: row.streetNumber,
    zipCode: row.zipCode,
    cityName: row.cityName,
    countryName: row.countryName,
    countryId: row.countryId,
    postNumber: row.postNumber ?? '',
    type: row.type,
    accountType: facts.customerType,
    defaultAddress: row.isDefault,
  }
}

/** The customer's facts, with Campus membership as it applies now (the Campus rule). */
async function factsOf(ctx: AppContext, customerId: number): Promise<Facts> {
  const facts = await repo.findCustomerFacts(ctx.db, customerId)
  if (!facts) throw new Error(`customer ${customerId} of a logged-in session is missing`)
  const status = campusStatusAt(facts.studentStatus, facts.studentExpiration, ctx.clock.now())
  return { ...facts, isCampusMember: isCampusMemberStatus(status) }
}

export async function listAddresses(ctx: AppContext, customerId: number): Promise<AddressList> {
  const facts = await factsOf(ctx, customerId)
  const rows = await repo.listAddresses(ctx.db, customerId)
  const billing = rows.find((row) => row.isDefault) ?? null
  return {
    successful: true,
    address: rows.map((row) => toWire(row, facts)),
    accountType: facts.customerType,
    rules: rulesOf(facts, billing),
  }
}

export async function getAddress(ctx: AppContext, customerId: number, addressId: number) {
  const facts = await factsOf(ctx, customerId)
  const row = await repo.findAddress(ctx.db, customerId, addressId)
  if (!row) return err('not_found' as const)
  const billing = row.isDefault ? row : await repo.findBilling(ctx.db, customerId)
  return ok({
    successful: true as const,
    address: toWire(row, facts),
    accountType: facts.customerType,
    rules: rulesOf(facts, billing),
  })
}

type Checked = Result<repo.AddressValues, AddressError, Fields>

/** The context's rules, the country list and the business locks for one address. */
async function checkAddress(
  db: DbOrTx,
  facts: Facts,
  billing: repo.AddressRow | null,
  kind: 'billing' | 'delivery',
  input: AddressInput,
  current: repo.AddressRow | null,
): Promise<Checked> {
  const isBusiness = facts.customerType === 'business'
  const rules = rulesOf(facts, billing)
  const locked = {
    // Company and (on the invoice address) names of existing business customers stay as stored.
    ...(rules.companyLocked ? { company: facts.companyName ?? current?.company ?? '' } : {}),
    ...(kind === 'billing' && rules.billingNamesLocked && billing
      ? { firstName: billing.firstName, lastName: billing.lastName }
      : {}),
  }
  const context: AddressContext = { flow: 'account', kind, customerType: facts.customerType }
  const raw = { ...input, ...locked }
  if (raw.type === 'packstation') raw.streetName = PACKSTATION_STREET
  const parsed = addressSchema(context).safeParse(raw)
  if (!parsed.success) {
    return err('address_save_failed', { errorFields: addressErrorFields(parsed.error) })
  }
  const value = parsed.data
  if (kind === 'delivery' && isBusiness && billing && value.countryId !== billing.countryId) {
    return err('address_delivery_country_locked', { errorFields: { countryId: 'invalid' } })
  }
  // A business moves its invoice address abroad only through customer service (VAT id check).
  if (kind === 'billing' && isBusiness && value.countryId !== PRIMARY_COUNTRY_ID) {
    return err('address_billing_locked_business', { errorFields: { countryId: 'invalid' } })
  }
  if (!(await repo.isCountryIn(db, value.countryId, listOf(kind, facts.customerType)))) {
    return err('address_save_failed', { errorFields: { countryId: 'invalid' } })
  }
  return ok({
    company: value.company || null,
    firstName: value.firstName,
    lastName: value.lastName,
    streetName: value.streetName,
    streetNumber: value.streetNumber,
    zipCode: value.zipCode,
    cityName: value.cityName,
    countryId: value.countryId,
    type: value.type,
    postNumber: value.type === 'packstation' ? value.postNumber : null,
  })
}

function refuse(code: AddressError, errorFields: Record<string, string> = {}) {
  return err(code, { errorFields })
}

async function changed(ctx: AppContext, customerId: number, addressId: number, added: boolean) {
  const list = await listAddresses(ctx, customerId)
  return { ...list, addressAdded: added, addressUpdated: !added, addressId }
}

export async function addAddress(
  ctx: AppContext,
  customerId: number,
  input: AddressInput & { defaultAddress: boolean },
) {
  const facts = await factsOf(ctx, customerId)
  if (facts.isLight) return refuse('address_light_account')
  const now = ctx.clock.now()
  const result = await ctx.db.transaction(async (tx) => {
    // One writer per customer at a time: the limit and "one billing address" hold under races.
    await repo.lockAddressBook(tx, customerId)
    const billing = await repo.findBilling(tx, customerId)
    const kind = input.defaultAddress ? 'billing' : 'delivery'
    if (kind === 'billing' && billing) return refuse('address_billing_exists')
    if (kind === 'delivery' && !billing) return refuse('address_billing_missing')
    if (
      kind === 'delivery' &&
      (await repo.countDelivery(tx, customerId)) >= MAX_DELIVERY_ADDRESSES
    ) {
      return refuse('address_limit_reached')
    }
    const checked = await checkAddress(tx, facts, billing, kind, input, null)
    if (!checked.ok) return checked
    return ok(await repo.insertAddress(tx, customerId, checked.value, kind === 'billing', now))
  })
  if (!result.ok) return result
  return ok(await changed(ctx, customerId, result.value, true))
}

export async function updateAddress(
  ctx: AppContext,
  customerId: number,
  addressId: number,
  input: AddressInput,
) {
  const facts = await factsOf(ctx, customerId)
  const current = await repo.findAddress(ctx.db, customerId, addressId)
  if (!current) return err('not_found' as const)
  if (facts.isLight) return refuse('address_light_account')
  const billing = current.isDefault ? current : await repo.findBilling(ctx.db, customerId)
  if (current.isDefault) {
    const lock = billingLockOf(facts, current)
    if (lock === 'campus') return refuse('address_billing_locked_campus')
    if (lock) return refuse('address_billing_locked_business')
  }
  const checked = await checkAddress(
    ctx.db,
    facts,
    billing,
    current.isDefault ? 'billing' : 'delivery',
    input,
    current,
  )
  if (!checked.ok) return checked
  const values = current.isDefault ? { ...checked.value, type: 'normal' as const } : checked.value
  if (!(await repo.updateAddress(ctx.db, customerId, addressId, values, ctx.clock.now()))) {
    return err('not_found' as const)
  }
  return ok(await changed(ctx, customerId, addressId, false))
}

export async function deleteAddress(ctx: AppContext, customerId: number, addressId: number) {
  const current = await repo.findAddress(ctx.db, customerId, addressId)
  if (!current) return err('not_found' as const)
  if (current.isDefault) return refuse('address_default_not_deletable')
  if (!(await repo.deleteDelivery(ctx.db, customerId, addressId))) {
    return refuse('address_delete_failed')
  }
  return ok(await listAddresses(ctx, customerId))
}

export async function listCountries(
  ctx: AppContext,
  kind: 'billing' | 'delivery',
  customerType: 'private' | 'business',
) {
  return { countries: await repo.listCountries(ctx.db, listOf(kind, customerType)) }
}
