// Registration: private and business full accounts, and the guest's light account.
import type { z } from 'zod'
import { isWellFormedVatId, type RegistrationResultSchema } from '#contract/account.ts'
import { isOwnerRequired, isVatIdRequired, normalizeVatId } from '#contract/fields.ts'
import { insertBillingAddress, isBillingCountry } from '#server/addresses/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { hashPassword } from '#server/platform/password.ts'
import { type Err, err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle } from '#server/platform/session.ts'
import { emailKey } from './blocking.ts'
import { accountLinks, type Client, type Limited, withinLimit } from './common.ts'
import { startFullLogin } from './full-login.ts'
import { sendAccountExistsMail, sendWelcomeMail } from './mails.ts'
import { isCommonPassword } from './passwords.ts'
import * as repo from './repo.ts'

type RegistrationResult = z.infer<typeof RegistrationResultSchema>
export type RegistrationCode =
  | 'registration_failed'
  | 'password_not_secure'
  | 'vat_id_invalid'
  | 'invalid'
export type RegistrationFailure =
  | Err<RegistrationCode, { errorFields: Record<string, string> }>
  | Err<Limited, { errorFields: Record<string, string> }>

type RegistrationInput = {
  email: string
  firstName: string
  lastName: string
  password: string
}

type BusinessInput = RegistrationInput & {
  company: string
  businessForm: number
  businessType: 'consumer' | 'reseller'
  ownerFirstname: string
  ownerLastname: string
  ustId: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: number
}

function refuse(code: RegistrationCode, errorFields: Record<string, string> = {}) {
  return err(code, { errorFields })
}

async function registrationAllowed(ctx: AppContext, email: string, client: Client) {
  const address = await withinLimit(ctx, `register:ip:${client.ip}`, 50, 60 * 60)
  const account = await withinLimit(ctx, `register:${emailKey(email)}`, 5, 60 * 60)
  return address && account
}

/**
 * Creates a full account, or, when the e-mail already has one, mails its owner a recovery notice
 * and answers registration_failed. Both ways hash the password and write one mail, so neither
 * answer time nor side effects tell a stranger which addresses are registered.
 */
async function createFullAccount(
  ctx: AppContext,
  session: SessionHandle,
  input: RegistrationInput,
  extra: Omit<repo.NewCustomer, 'email' | 'firstName' | 'lastName' | 'passwordHash'>,
  address?: Parameters<typeof insertBillingAddress>[2],
): Promise<Result<RegistrationResult, RegistrationCode, { errorFields: Record<string, string> }>> {
  const passwordHash = await hashPassword(input.password)
  const now = ctx.clock.now()
  const links = accountLinks(ctx)
  const created = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertFullCustomer(tx, {
      ...extra,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    if (!row) {
      const owner = await repo.findFullCustomerByEmail(tx, input.email)
      if (owner) await sendAccountExistsMail(tx, owner, links)
      return null
    }
    if (address) await insertBillingAddress(tx, row.id, address)
    await sendWelcomeMail(tx, row, row.customerNumber ?? '', links.account)
    return row
  })
  if (!created) return refuse('registration_failed')
  const result = await startFullLogin(session, ctx, created)
  return ok({ ...result, data: { registered: true as const }, errorFields: {} })
}

export async function registerPrivate(
  ctx: AppContext,
  session: SessionHandle,
  input: RegistrationInput,
  client: Client,
) {
  if (!(await registrationAllowed(ctx, input.email, client))) {
    return err('rate_limited' as const, { errorFields: {} })
  }
  if (isCommonPassword(input.password)) {
    return refuse('password_not_secure', { password: 'password_not_secure' })
  }
  return createFullAccount(ctx, session, input, { customerType: 'private' })
}

/** Checks of a business registration that need the server: VAT id format and country list. */
async function businessFieldProblems(ctx: AppContext, input: { ustId: string; countryId: number }) {
  const errorFields: Record<string, string> = {}
  if (!(await isBillingCountry(ctx.db, input.countryId, 'business'))) {
    errorFields.countryId = 'invalid'
  }
  const vatId = input.ustId ? normalizeVatId(input.ustId) : ''
  if ((vatId || isVatIdRequired(input.countryId)) && !isWellFormedVatId(vatId, input.countryId)) {
    errorFields.account_ustid = 'vat_id_invalid'
  }
  return { errorFields, vatId }
}

export async function registerBusiness(
  ctx: AppContext,
  session: SessionHandle,
  input: BusinessInput,
  client: Client,
) {
  if (!(await registrationAllowed(ctx, input.email, client))) {
    return err('rate_limited' as const, { errorFields: {} })
  }
  const { errorFields, vatId } = await businessFieldProblems(ctx, input)
  if (isCommonPassword(input.password)) errorFields.password = 'password_not_secure'
  if (errorFields.account_ustid) return refuse('vat_id_invalid', errorFields)
  if (errorFields.countryId) return refuse('invalid', errorFields)
  if (errorFields.password) return refuse('password_not_secure', errorFields)
  const owner = isOwnerRequired(input.businessForm)
  return createFullAccount(
    ctx,
    session,
    input,
    {
      customerType: 'business',
      businessFormId: input.businessForm,
      businessType: input.businessType,
      companyName: input.company,
      ownerFirstName: owner ? input.ownerFirstname : null,
      ownerLastName: owner ? input.ownerLastname : null,
      vatId: vatId || null,
    },
    {
      company: input.company,
      firstName: input.firstName,
      lastName: input.lastName,
      streetName: input.streetName,
      streetNumber: input.streetNumber,
      zipCode: input.zipCode,
      cityName: input.cityName,
      countryId: input.countryId,
    },
  )
}

/**
 * A guest (checkout without an account) becomes a light account: no password, no customer
 * number, its billing address stored; the session is logged in to it. Every guest registration
 * makes a new light account, whatever accounts the e-mail has, so nothing is revealed.
 */
export async function registerGuest(
  ctx: AppContext,
  session: SessionHandle,
  input: Omit<BusinessInput, 'password' | 'businessType' | 'customerType'> & {
    customerType: 'private' | 'business'
    businessType: 'consumer' | 'reseller' | '0'
  },
  client: Client,
) {
  if (!(await withinLimit(ctx, `register-guest:ip:${client.ip}`, 50, 60 * 60))) {
    return err('rate_limited' as const, { errorFields: {} })
  }
  const isBusiness = input.customerType === 'business'
  const { errorFields, vatId } = isBusiness
    ? await businessFieldProblems(ctx, input)
    : { errorFields: {} as Record<string, string>, vatId: '' }
  if (!isBusiness && !(await isBillingCountry(ctx.db, input.countryId, 'private'))) {
    errorFields.countryId = 'invalid'
  }
  if (errorFields.account_ustid) return refuse('vat_id_invalid', errorFields)
  if (errorFields.countryId) return refuse('invalid', errorFields)
  const now = ctx.clock.now()
  const owner = isBusiness && isOwnerRequired(input.businessForm)
  const customer = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertLightCustomer(tx, {
      customerType: input.customerType,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      businessFormId: isBusiness ? input.businessForm : 0,
      businessType: isBusiness && input.businessType !== '0' ? input.businessType : null,
      companyName: isBusiness ? input.company : null,
      ownerFirstName: owner ? input.ownerFirstname : null,
      ownerLastName: owner ? input.ownerLastname : null,
      vatId: vatId || null,
      createdAt: now,
      updatedAt: now,
    })
    await insertBillingAddress(tx, row.id, {
      company: isBusiness ? input.company : null,
      firstName: input.firstName,
      lastName: input.lastName,
      streetName: input.streetName,
      streetNumber: input.streetNumber,
      zipCode: input.zipCode,
      cityName: input.cityName,
      countryId: input.countryId,
    })
    return row
  })
  const result = await startFullLogin(session, ctx, customer)
  return ok({ ...result, data: { registered: true as const }, errorFields: {} })
}
