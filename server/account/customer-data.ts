// The customer data and its changes (account-area §2 modals, §4, §8): password, names, e-mail,
// owner names, company name and VAT id.
import { type CustomerData, SELF_RENAMING_BUSINESS_FORM } from '#contract/account.ts'
import { campusStatusAt, isCampusMemberStatus } from '#contract/campus.ts'
import {
  BUSINESS_FORMS,
  emailProblem,
  isOwnerRequired,
  isValidVatId,
  isVatIdRequired,
  normalizeVatId,
  PRIMARY_COUNTRY_ID,
} from '#contract/fields.ts'
import { findBillingCountryId, renameAddressCompany } from '#server/addresses/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { hashPassword, verifyDummyPassword, verifyPassword } from '#server/platform/password.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { endCustomerSessions, type SessionHandle } from '#server/platform/session.ts'
import { accountLinks, type Limited, withinLimit } from './common.ts'
import { sendEmailChangedMail, sendPasswordChangedMail } from './mails.ts'
import { isCommonPassword } from './passwords.ts'
import type { CustomerRow } from './repo.ts'
import * as repo from './repo.ts'

export async function getCustomerData(
  ctx: AppContext,
  customerId: number,
): Promise<CustomerData | null> {
  const customer = await repo.readCustomerById(ctx.db, customerId)
  if (!customer) return null
  const isBusiness = customer.customerType === 'business'
  const billingCountryId = isBusiness ? await findBillingCountryId(ctx.db, customer.id) : null
  return {
    id: customer.id,
    lightAccountId: customer.isLight ? customer.id : 0,
    customerId: customer.isLight ? 0 : customer.id,
    customerNumber: customer.customerNumber,
    customerType: customer.customerType,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    studentStatus: campusStatusAt(
      customer.studentStatus,
      customer.studentExpiration,
      ctx.clock.now(),
    ),
    studentExpiration: customer.studentExpiration?.toISOString() ?? null,
    businessFormId: customer.businessFormId,
    businessForm: BUSINESS_FORMS.find((form) => form.id === customer.businessFormId)?.label ?? null,
    businessType: customer.businessType,
    companyName: customer.companyName,
    ownerFirstName: customer.ownerFirstName,
    ownerLastName: customer.ownerLastName,
    ownerRequired: isBusiness && isOwnerRequired(customer.businessFormId),
    vatId: customer.vatId,
    vatRequired: isBusiness && billingCountryId !== null && isVatIdRequired(billingCountryId),
    isLightAccount: customer.isLight,
    hasPassword: customer.passwordHash !== null,
    isLoggedIn: true,
    isLoggedInSoft: false,
  }
}

// --- Customer data changes (account-area §2 modals, §4, §8) -----------------------------------

/** Password checks of the change calls: 20 per account and hour, against guessing. */
async function changeAllowed(ctx: AppContext, customerId: number) {
  return withinLimit(ctx, `account-change:${customerId}`, 20, 60 * 60)
}

async function passwordMatches(customer: CustomerRow | null, password: string) {
  if (!customer?.passwordHash) {
    await verifyDummyPassword(password)
    return false
  }
  return verifyPassword(customer.passwordHash, password)
}

/**
 * Changes the password: the current one must match and differ from the new one, the new one
 * must not be common. The customer's other sessions end; this one stays logged in.
 */
export async function changePassword(
  ctx: AppContext,
  session: SessionHandle,
  customerId: number,
  input: { currentPassword: string; newPassword: string; confirmationPassword: string },
): Promise<
  Result<
    void,
    | 'missing_parameters'
    | 'old_password_incorrect'
    | 'old_and_new_password_equal'
    | 'password_not_secure'
    | 'password_change_failed'
    | Limited
  >
> {
  if (!input.currentPassword || !input.newPassword || !input.confirmationPassword) {
    return err('missing_parameters')
  }
  if (!(await changeAllowed(ctx, customerId))) return err('rate_limited')
  const customer = await repo.findCustomerById(ctx.db, customerId)
  // Without a password (a guest's account) there is nothing to change: the reset link sets one.
  if (!customer?.passwordHash) {
    await verifyDummyPassword(input.currentPassword)
    return err('password_change_failed')
  }
  if (!(await passwordMatches(customer, input.currentPassword))) {
    return err('old_password_incorrect')
  }
  if (input.newPassword === input.currentPassword) return err('old_and_new_password_equal')
  if (isCommonPassword(input.newPassword)) return err('password_not_secure')
  const passwordHash = await hashPassword(input.newPassword)
  const now = ctx.clock.now()
  const current = await session.load()
  const done = await ctx.db.transaction(async (tx) => {
    if (!customer) return false
    const updated = await repo.updateCustomer(tx, customer.id, {
      passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
    })
    if (!updated) return false
    await repo.closeChallengesOf(tx, customer.id, now)
    await endCustomerSessions(tx, customer.id, current?.id)
    await sendPasswordChangedMail(tx, customer, accountLinks(ctx).passwordForgotten)
    return true
  })
  return done ? ok(undefined) : err('password_change_failed')
}

/** Changes first and last name; active Campus members ask customer service (§6). */
export async function changeNames(
  ctx: AppContext,
  customerId: number,
  input: { firstName: string; lastName: string; confirmationPassword: string },
): Promise<
  Result<
    void,
    'missing_parameters' | 'account_password_invalid' | 'action_not_allow_for_student' | Limited
  >
> {
  if (!input.confirmationPassword) return err('missing_parameters')
  if (!(await changeAllowed(ctx, customerId))) return err('rate_limited')
  const customer = await repo.findCustomerById(ctx.db, customerId)
  if (!customer || !(await passwordMatches(customer, input.confirmationPassword))) {
    return err('account_password_invalid')
  }
  const campusStatus = campusStatusAt(
    customer.studentStatus,
    customer.studentExpiration,
    ctx.clock.now(),
  )
  if (isCampusMemberStatus(campusStatus)) return err('action_not_allow_for_student')
  await repo.updateCustomer(ctx.db, customer.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    updatedAt: ctx.clock.now(),
  })
  return ok(undefined)
}

/**
 * Changes the e-mail address: the password must match; the new address must be valid, differ
 * from the old one and not belong to another account. The old address gets a notice. The new
 * address is unconfirmed until its first code (the next login in a new browser).
 */
export async function changeEmail(
  ctx: AppContext,
  customerId: number,
  input: { email: string; confirmationPassword: string },
): Promise<
  Result<
    void,
    | 'missing_parameters'
    | 'account_password_invalid'
    | 'account_new_email_invalid'
    | 'account_email_in_use'
    | Limited
  >
> {
  const email = input.email.trim()
  if (!email || !input.confirmationPassword) return err('missing_parameters')
  if (!(await changeAllowed(ctx, customerId))) return err('rate_limited')
  const customer = await repo.findCustomerById(ctx.db, customerId)
  if (!customer || !(await passwordMatches(customer, input.confirmationPassword))) {
    return err('account_password_invalid')
  }
  if (emailProblem(email) || email.toLowerCase() === customer.email.toLowerCase()) {
    return err('account_new_email_invalid')
  }
  const now = ctx.clock.now()
  try {
    const done = await ctx.db.transaction(async (tx) => {
      if (await repo.isEmailTaken(tx, email, customer.id)) return false
      await repo.updateCustomer(tx, customer.id, {
        email,
        emailConfirmedAt: null,
        updatedAt: now,
      })
      await sendEmailChangedMail(tx, customer, email)
      return true
    })
    return done ? ok(undefined) : err('account_email_in_use')
  } catch (error) {
    // Two accounts racing for one address: the unique index decides.
    if ((error as { code?: string }).code === '23505') return err('account_email_in_use')
    throw error
  }
}

/** Owner names exist for partnerships and sole proprietors only (forms 2 and 4). */
export async function changeOwnerNames(
  ctx: AppContext,
  customerId: number,
  input: { ownerFirstName: string; ownerLastName: string },
): Promise<Result<void, 'owner_change_not_allowed'>> {
  const customer = await repo.findCustomerById(ctx.db, customerId)
  if (customer?.customerType !== 'business' || !isOwnerRequired(customer.businessFormId)) {
    return err('owner_change_not_allowed')
  }
  await repo.updateCustomer(ctx.db, customer.id, {
    ownerFirstName: input.ownerFirstName,
    ownerLastName: input.ownerLastName,
    updatedAt: ctx.clock.now(),
  })
  return ok(undefined)
}

/**
 * Company name: a sole proprietor (form 4) renames the trade name, also on its addresses; every
 * other company (and a private customer) asks customer service (account-area §6).
 */
export async function changeCompanyName(
  ctx: AppContext,
  customerId: number,
  companyName: string,
): Promise<Result<void, 'company_change_via_service'>> {
  const customer = await repo.findCustomerById(ctx.db, customerId)
  if (
    customer?.customerType !== 'business' ||
    customer.businessFormId !== SELF_RENAMING_BUSINESS_FORM
  ) {
    return err('company_change_via_service')
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateCustomer(tx, customer.id, { companyName, updatedAt: ctx.clock.now() })
    await renameAddressCompany(tx, customer.id, companyName)
  })
  return ok(undefined)
}

/** VAT id of a business customer, in the format of its billing country. */
export async function changeVatId(
  ctx: AppContext,
  customerId: number,
  vatId: string,
): Promise<Result<void, 'vat_id_invalid' | 'vat_id_unchanged' | 'forbidden'>> {
  const customer = await repo.findCustomerById(ctx.db, customerId)
  if (customer?.customerType !== 'business') return err('forbidden')
  const countryId = (await findBillingCountryId(ctx.db, customer.id)) ?? PRIMARY_COUNTRY_ID
  const normalized = normalizeVatId(vatId)
  if (!isValidVatId(normalized, countryId)) return err('vat_id_invalid')
  if (normalized === customer.vatId) return err('vat_id_unchanged')
  await repo.updateCustomer(ctx.db, customer.id, { vatId: normalized, updatedAt: ctx.clock.now() })
  return ok(undefined)
}
