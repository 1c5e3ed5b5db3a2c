// The customers work area: search, the customer's page, business data and login blocks. The
// customer row is the account slice's: changes go through its functions in the audited
// transaction.
import type { z } from 'zod'
import type {
  BackofficeBusinessBodySchema,
  BackofficeCustomerDetail,
  BackofficeCustomerRow,
} from '#contract/backoffice.ts'
import { BACKOFFICE_PAGE_SIZE } from '#contract/backoffice.ts'
import { campusStatusAt } from '#contract/campus.ts'
import {
  BUSINESS_FORMS,
  isOwnerRequired,
  isValidVatId,
  isVatIdRequired,
  normalizeVatId,
} from '#contract/fields.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import { accountBlockEnd, clearBlocks, updateBusinessData } from '#server/account/index.ts'
import { renameAddressCompany } from '#server/addresses/index.ts'
import { openDocumentApplicationId } from '#server/campus/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'
import { type Change, orderRowOf, PRIMARY_COUNTRY_ID, paging } from './shared.ts'

function customerRowOf(row: {
  id: number
  customerNumber: string | null
  firstName: string
  lastName: string
  email: string
  customerType: 'private' | 'business'
  companyName: string | null
  isLight: boolean
  createdAt: Date
}): BackofficeCustomerRow {
  return {
    id: row.id,
    customerNumber: row.customerNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    customerType: row.customerType,
    companyName: row.companyName,
    isLight: row.isLight,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function searchCustomers(db: Db, query: { q: string; page: number }) {
  const { limit, offset } = paging(query.page)
  const { rows, total } = await repo.searchCustomers(db, query.q, limit, offset)
  return {
    customers: rows.map(customerRowOf),
    total,
    page: query.page,
    pageSize: BACKOFFICE_PAGE_SIZE,
  }
}

async function billingCountryOf(db: DbOrTx, customerId: number): Promise<number> {
  const list = await repo.listAddresses(db, customerId)
  return list.find((address) => address.isBilling)?.countryId ?? PRIMARY_COUNTRY_ID
}

export async function customerDetail(
  ctx: AppContext,
  db: DbOrTx,
  id: number,
): Promise<BackofficeCustomerDetail | null> {
  const customer = await repo.findCustomer(db, id)
  if (!customer) return null
  const now = ctx.clock.now()
  const [addressList, orderList, openApplicationId, blockedUntil] = await Promise.all([
    repo.listAddresses(db, id),
    repo.listOrders(db, { customerId: id }, 50, 0),
    openDocumentApplicationId(db, id),
    accountBlockEnd(db, customer.email, customer.id, now),
  ])
  const billingCountryId =
    addressList.find((address) => address.isBilling)?.countryId ?? PRIMARY_COUNTRY_ID
  const isBusiness = customer.customerType === 'business'
  return {
    ...customerRowOf(customer),
    businessFormId: customer.businessFormId,
    businessForm: BUSINESS_FORMS.find((form) => form.id === customer.businessFormId)?.label ?? null,
    businessType: customer.businessType,
    ownerFirstName: customer.ownerFirstName,
    ownerLastName: customer.ownerLastName,
    vatId: customer.vatId,
    vatRequired: isBusiness && isVatIdRequired(billingCountryId),
    hasPassword: customer.hasPassword,
    emailConfirmedAt: customer.emailConfirmedAt?.toISOString() ?? null,
    loginBlockedUntil: blockedUntil?.toISOString() ?? null,
    campus: {
      status: campusStatusAt(customer.studentStatus, customer.studentExpiration, now),
      expiresAt: customer.studentExpiration?.toISOString() ?? null,
      openApplicationId,
    },
    addresses: addressList.map(({ countryId: _countryId, ...address }) => address),
    orders: orderList.rows.map(orderRowOf),
  }
}

type BusinessData = {
  companyName: string | null
  businessFormId: number
  businessType: string | null
  vatId: string | null
}

/** Company name, business form and type, VAT id: the shop's rules, without the customer's lock. */
export async function changeBusiness(
  tx: Tx,
  ctx: AppContext,
  id: number,
  body: z.output<typeof BackofficeBusinessBodySchema>,
): Promise<
  Result<
    Change<BusinessData>,
    'not_found' | 'backoffice_not_business' | 'vat_id_invalid' | 'backoffice_owner_required'
  >
> {
  const customer = await repo.findCustomer(tx, id, true)
  if (!customer) return err('not_found')
  if (customer.customerType !== 'business') return err('backoffice_not_business')
  if (
    isOwnerRequired(body.businessFormId) &&
    (!customer.ownerFirstName || !customer.ownerLastName)
  ) {
    return err('backoffice_owner_required')
  }
  const countryId = await billingCountryOf(tx, id)
  const vatId = body.vatId ? normalizeVatId(body.vatId) : null
  if (vatId ? !isValidVatId(vatId, countryId) : isVatIdRequired(countryId)) {
    return err('vat_id_invalid')
  }
  const before: BusinessData = {
    companyName: customer.companyName,
    businessFormId: customer.businessFormId,
    businessType: customer.businessType,
    vatId: customer.vatId,
  }
  const after: BusinessData = {
    companyName: body.companyName,
    businessFormId: body.businessFormId,
    businessType: body.businessType,
    vatId,
  }
  await updateBusinessData(
    tx,
    id,
    {
      companyName: body.companyName,
      businessFormId: body.businessFormId,
      businessType: body.businessType,
      vatId,
    },
    ctx.clock.now(),
  )
  if (body.companyName !== customer.companyName) {
    await renameAddressCompany(tx, id, body.companyName)
  }
  return ok({ before, after })
}

/** Ends the login blocks of the customer (every address, every browser) and forgets their failures. */
export async function unblockLogin(
  tx: Tx,
  ctx: AppContext,
  id: number,
): Promise<
  Result<Change<{ loginBlockedUntil: string | null }>, 'not_found' | 'backoffice_not_blocked'>
> {
  const customer = await repo.findCustomer(tx, id)
  if (!customer) return err('not_found')
  const until = await accountBlockEnd(tx, customer.email, customer.id, ctx.clock.now())
  if (!until) return err('backoffice_not_blocked')
  await clearBlocks(tx, customer.email, customer.id)
  return ok({
    before: { loginBlockedUntil: until.toISOString() },
    after: { loginBlockedUntil: null },
  })
}
