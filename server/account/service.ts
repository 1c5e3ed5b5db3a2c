// Rules of the account slice: login with blocking and the e-mailed code for new browsers,
// registration (private, business, guest), password reset and the customer data.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'
import {
  type ConversionResult,
  type ConvertLightToFullBody,
  type CustomerData,
  isWellFormedVatId,
  type LoginResult,
  type RegistrationResultSchema,
  SELF_RENAMING_BUSINESS_FORM,
} from '#contract/account.ts'
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
import type { Tx } from '#db/client.ts'
import {
  checkBillingAddress,
  findBillingCountryId,
  insertBillingAddress,
  isBillingCountry,
  renameAddressCompany,
  saveBillingAddress,
} from '#server/addresses/index.ts'
import {
  countCustomerCart,
  flashCartMerge,
  getCartHeaderContent,
  mergeGuestCart,
  pricingOf,
} from '#server/cart/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { hashPassword, verifyDummyPassword, verifyPassword } from '#server/platform/password.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import { type Err, err, ok, type Result } from '#server/platform/result.ts'
import { endCustomerSessions, type SessionHandle } from '#server/platform/session.ts'
import { countCustomerWishlist, mergeGuestWishlist } from '#server/wishlist/index.ts'
import {
  activeBlock,
  clearBlocks,
  confirmSuccess,
  countTry,
  deviceSubject,
  emailKey,
  pairSubject,
  recordFailure,
} from './blocking.ts'
import { kindColumns, withChosenKind } from './conversion-kind.ts'
import {
  sendAccountExistsMail,
  sendConvertedMail,
  sendEmailChangedMail,
  sendPasswordChangedMail,
  sendPasswordResetMail,
  sendTwoFaCodeMail,
  sendWelcomeMail,
} from './mails.ts'
import { isCommonPassword } from './passwords.ts'
import type { CustomerRow } from './repo.ts'
import * as repo from './repo.ts'

export const TWO_FA_VALID_MINUTES = 10
/** Tries per code (the 6th is refused even when right: 5 wrong ones kill the code). */
export const TWO_FA_MAX_TRIES = 5
export const TWO_FA_MAX_SENDS = 5
export const RESET_VALID_MINUTES = 60
export const DEVICE_TRUST_DAYS = 180
/** Login requests per client address and 10 minutes (429 beyond). */
export const LOGIN_REQUESTS_PER_ADDRESS = 300

/** Who is asking: the client address and the browser's device token (if it sent one). */
export type Client = { ip: string; deviceToken: string | undefined }

type Limited = 'rate_limited'

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

async function withinLimit(
  ctx: AppContext,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const result = await hitRateLimit(ctx.db, key, { limit, windowSeconds, now: ctx.clock.now() })
  return result.allowed
}

function fullLoginEnd(ctx: AppContext): Date {
  return new Date(ctx.clock.now().getTime() + ctx.config.fullLoginSeconds * 1000)
}

/** Wishlist and cart of the account right after the login (the login result's counters). */
export type LoginCounters = Pick<LoginResult, 'notepadCount' | 'cartData'>
const NO_COUNTERS: LoginCounters = { notepadCount: 0, cartData: { cartAmount: 0, products: [] } }

/** The login result of section 3 for a logged-in account. */
export function loginResultOf(
  customer: CustomerRow,
  fullLoginExpiresAt: Date,
  counters: LoginCounters = NO_COUNTERS,
): LoginResult {
  return {
    successful: true,
    needs2FaAuthentication: false,
    customerId: customer.isLight ? 0 : customer.id,
    userId: customer.id,
    businessCustomer: customer.customerType === 'business',
    guestCustomer: customer.isLight,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    notepadCount: counters.notepadCount,
    cartData: counters.cartData,
    fullLoginExpiryTimestamp: seconds(fullLoginExpiresAt),
    // Always null (docs/decisions.md "Tracking ids"): events carry the consent id from the browser.
    tid: null,
    trackingId: null,
    trackingContactId: null,
    testGroup: null,
  }
}

/** The answer while the e-mailed code is outstanding: nothing about the account yet. */
export const NEEDS_CODE_RESULT: LoginResult = {
  successful: false,
  needs2FaAuthentication: true,
  customerId: 0,
  userId: 0,
  businessCustomer: false,
  guestCustomer: false,
  firstName: '',
  lastName: '',
  email: '',
  notepadCount: 0,
  cartData: { cartAmount: 0, products: [] },
  fullLoginExpiryTimestamp: null,
  tid: null,
  trackingId: null,
  trackingContactId: null,
  testGroup: null,
}

/**
 * Logs the session in (new session id) for a full login. The guest session's cart and wishlist
 * go into the customer's in the same transaction, before the login replaces (deletes) the guest
 * session, whose own cart and wishlist rows would go with it.
 */
async function startFullLogin(session: SessionHandle, ctx: AppContext, customer: CustomerRow) {
  const expiresAt = fullLoginEnd(ctx)
  const now = ctx.clock.now()
  const guest = await session.load()
  const cartMerge = await ctx.db.transaction(async (tx) => {
    const merge = guest ? await mergeGuestCart(tx, guest.id, customer.id, now) : null
    if (guest && !ctx.config.whiteLabel) await mergeGuestWishlist(tx, guest.id, customer.id)
    await session.login(customer.id, expiresAt, tx)
    return merge
  })
  if (cartMerge) await flashCartMerge(session, cartMerge)
  return loginResultOf(customer, expiresAt, await loginCounters(ctx, customer.id))
}

async function loginCounters(ctx: AppContext, customerId: number): Promise<LoginCounters> {
  const owner = { customerId }
  const pricing = await pricingOf(ctx, { customerId })
  const [cart, notepadCount] = await Promise.all([
    getCartHeaderContent(ctx.db, owner, pricing),
    ctx.config.whiteLabel ? 0 : countCustomerWishlist(ctx.db, customerId),
  ])
  return { notepadCount, cartData: { cartAmount: cart.cartAmount, products: cart.products } }
}

// --- Login ---------------------------------------------------------------------------------

export type LoginOutcome =
  | { kind: 'logged_in'; result: LoginResult }
  | { kind: 'needs_code'; result: LoginResult }
export type LoginError = 'login_failed' | 'login_blocked' | Limited

/** The e-mail of a soft login's customer (the re-login asks for the password alone). */
export async function softLoginEmail(
  ctx: AppContext,
  session: SessionHandle,
): Promise<string | null> {
  if ((await session.level()) !== 'soft') return null
  const customerId = await session.customerId()
  const customer = customerId ? await repo.findCustomerById(ctx.db, customerId) : null
  return customer?.email ?? null
}

export async function login(
  ctx: AppContext,
  session: SessionHandle,
  input: { email: string; password: string },
  client: Client,
): Promise<Result<LoginOutcome, LoginError, { blockedUntil: Date }>> {
  const now = ctx.clock.now()
  // Guards the password hashing per client address; high, since a network of many customers
  // (a university, a company) logs in through one address.
  if (!(await withinLimit(ctx, `login:ip:${client.ip}`, LOGIN_REQUESTS_PER_ADDRESS, 10 * 60))) {
    return err('rate_limited')
  }

  const customer = await repo.findFullCustomerByEmail(ctx.db, input.email)
  const deviceHash = client.deviceToken ? sha256(client.deviceToken) : null
  const trusted =
    customer && deviceHash
      ? await repo.isTrustedDevice(ctx.db, customer.id, deviceHash, now)
      : false
  // A trusted browser counts its failures on its own; any other browser counts per e-mail and
  // client address, so strangers' failures elsewhere never hold the owner.
  const subject =
    trusted && customer && deviceHash
      ? deviceSubject(customer.id, deviceHash)
      : pairSubject(input.email, client.ip)

  const blockedUntil = await activeBlock(ctx.db, subject, now)
  if (blockedUntil) return err('login_blocked', { blockedUntil })
  // Counted before the (slow) password check: tries sent at once cannot pass the limit.
  const attempt = await countTry(ctx.db, subject, now)
  if (attempt.refusedUntil) return err('login_blocked', { blockedUntil: attempt.refusedUntil })

  const valid = customer?.passwordHash
    ? await verifyPassword(customer.passwordHash, input.password)
    : await verifyDummyPassword(input.password)
  if (!customer || !valid) {
    const until = await recordFailure(
      ctx.db,
      trusted
        ? { subject, count: attempt.count }
        : { subject, count: attempt.count, email: input.email, ip: client.ip },
      now,
    )
    return until ? err('login_blocked', { blockedUntil: until }) : err('login_failed')
  }
  const burstUntil = await confirmSuccess(ctx.db, subject, now)
  if (burstUntil) return err('login_blocked', { blockedUntil: burstUntil })

  if (trusted && deviceHash) {
    await repo.trustDevice(ctx.db, customer.id, deviceHash, now, deviceTrustEnd(now))
    return ok({ kind: 'logged_in', result: await startFullLogin(session, ctx, customer) })
  }
  await openChallenge(ctx, session, customer)
  return ok({ kind: 'needs_code', result: NEEDS_CODE_RESULT })
}

function deviceTrustEnd(now: Date): Date {
  return new Date(now.getTime() + DEVICE_TRUST_DAYS * 24 * 60 * 60 * 1000)
}

function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

function codeHash(sessionId: string, code: string): string {
  return sha256(`${sessionId}:${code}`)
}

async function openChallenge(ctx: AppContext, session: SessionHandle, customer: CustomerRow) {
  const now = ctx.clock.now()
  const row = await session.ensure()
  const code = newCode()
  await ctx.db.transaction(async (tx) => {
    await repo.insertChallenge(tx, {
      customerId: customer.id,
      sessionId: row.id,
      codeHash: codeHash(row.id, code),
      expiresAt: new Date(now.getTime() + TWO_FA_VALID_MINUTES * 60 * 1000),
      now,
    })
    await sendTwoFaCodeMail(tx, customer, code, TWO_FA_VALID_MINUTES)
  })
}

// --- Two-factor code -----------------------------------------------------------------------

export async function submitTwoFaCode(
  ctx: AppContext,
  session: SessionHandle,
  code: string,
  client: Client,
): Promise<Result<{ result: LoginResult; deviceToken: string }, 'two_fa_code_invalid' | Limited>> {
  const now = ctx.clock.now()
  // Per client address: high, since a network of many customers (a university) shares one.
  if (!(await withinLimit(ctx, `two-fa:ip:${client.ip}`, 120, 10 * 60))) return err('rate_limited')
  const row = await session.load()
  const challenge = row ? await repo.findOpenChallenge(ctx.db, row.id) : null
  if (!row || !challenge) return err('two_fa_code_invalid')
  if (!(await withinLimit(ctx, `two-fa:account:${challenge.customerId}`, 20, 60 * 60))) {
    return err('rate_limited')
  }
  // The try is counted before the code is compared, and the count it got decides: of tries sent
  // at once, only the first TWO_FA_MAX_TRIES are ever compared.
  const counted = await repo.countCodeTry(ctx.db, challenge.id)
  if (!counted || counted.tries > TWO_FA_MAX_TRIES || counted.expiresAt <= now) {
    return err('two_fa_code_invalid')
  }
  const expected = Buffer.from(counted.codeHash, 'hex')
  const given = Buffer.from(codeHash(row.id, code), 'hex')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return err('two_fa_code_invalid')
  }
  const consumed = await repo.consumeChallenge(ctx.db, challenge.id, {
    codeHash: counted.codeHash,
    maxTries: TWO_FA_MAX_TRIES,
    now,
  })
  if (!consumed) {
    return err('two_fa_code_invalid')
  }
  const customer = await repo.findCustomerById(ctx.db, challenge.customerId)
  if (!customer) return err('two_fa_code_invalid')
  // The code proves the e-mail address; the browser is trusted from now on.
  await repo.confirmEmail(ctx.db, customer.id, now)
  const deviceToken = client.deviceToken ?? randomBytes(32).toString('base64url')
  await repo.trustDevice(ctx.db, customer.id, sha256(deviceToken), now, deviceTrustEnd(now))
  return ok({ result: await startFullLogin(session, ctx, customer), deviceToken })
}

export async function resendTwoFaCode(
  ctx: AppContext,
  session: SessionHandle,
): Promise<Result<void, 'two_fa_resend_failed' | Limited>> {
  const now = ctx.clock.now()
  const row = await session.load()
  const challenge = row ? await repo.findOpenChallenge(ctx.db, row.id) : null
  if (!row || !challenge || challenge.sendCount >= TWO_FA_MAX_SENDS) {
    return err('two_fa_resend_failed')
  }
  if (!(await withinLimit(ctx, `two-fa-send:account:${challenge.customerId}`, 10, 60 * 60))) {
    return err('rate_limited')
  }
  const customer = await repo.findCustomerById(ctx.db, challenge.customerId)
  if (!customer) return err('two_fa_resend_failed')
  const code = newCode()
  // The send count is checked and raised by the update itself (parallel presses count one by one).
  const renewed = await ctx.db.transaction(async (tx) => {
    const done = await repo.renewChallenge(tx, challenge.id, {
      codeHash: codeHash(row.id, code),
      expiresAt: new Date(now.getTime() + TWO_FA_VALID_MINUTES * 60 * 1000),
      now,
      maxSends: TWO_FA_MAX_SENDS,
    })
    if (done) await sendTwoFaCodeMail(tx, customer, code, TWO_FA_VALID_MINUTES)
    return done
  })
  if (!renewed) return err('two_fa_resend_failed')
  return ok(undefined)
}

// --- Registration --------------------------------------------------------------------------

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

function accountLinks(ctx: AppContext) {
  const base = ctx.config.publicUrl
  return {
    account: `${base}/kundenkonto`,
    login: `${base}/kundenkonto/login`,
    passwordForgotten: `${base}/kundenkonto/passwort+vergessen`,
  }
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

// --- Password reset ------------------------------------------------------------------------

/**
 * Mails a single-use reset link when the address has a full account. The answer is the same
 * either way; the limits per client address and per e-mail hold for unknown addresses too.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  client: Client,
): Promise<Result<void, Limited>> {
  const address = await withinLimit(ctx, `reset:ip:${client.ip}`, 20, 60 * 60)
  const account = await withinLimit(ctx, `reset:${emailKey(email)}`, 3, 60 * 60)
  if (!address || !account) return err('rate_limited')
  // Full accounts without a password yet (converted light accounts) set their first one here.
  const customer = await repo.findFullCustomerByEmail(ctx.db, email)
  if (!customer) return ok(undefined)
  const now = ctx.clock.now()
  const token = randomBytes(32).toString('base64url')
  const url = `${accountLinks(ctx).passwordForgotten}?token=${token}`
  await ctx.db.transaction(async (tx) => {
    await repo.insertPasswordReset(tx, {
      customerId: customer.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60 * 1000),
      now,
    })
    await sendPasswordResetMail(tx, customer, url, RESET_VALID_MINUTES)
  })
  return ok(undefined)
}

/**
 * Sets the new password from a reset link: the link works once and expires; the account's
 * sessions end, its open codes close and its login block ends.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  client: Client,
): Promise<Result<void, 'reset_link_invalid' | 'password_not_secure' | Limited>> {
  if (!(await withinLimit(ctx, `reset-set:ip:${client.ip}`, 30, 60 * 60))) {
    return err('rate_limited')
  }
  const now = ctx.clock.now()
  const reset = await repo.findUsableReset(ctx.db, sha256(input.token), now)
  if (!reset) return err('reset_link_invalid')
  if (isCommonPassword(input.password)) return err('password_not_secure')
  const passwordHash = await hashPassword(input.password)
  const customer = await ctx.db.transaction(async (tx) => {
    if (!(await repo.useReset(tx, reset.id, reset.customerId, now))) return null
    await repo.updatePassword(tx, reset.customerId, passwordHash, now)
    await repo.closeChallengesOf(tx, reset.customerId, now)
    await endCustomerSessions(tx, reset.customerId)
    return repo.findCustomerById(tx, reset.customerId)
  })
  if (!customer) return err('reset_link_invalid')
  await clearBlocks(ctx.db, customer.email, customer.id)
  return ok(undefined)
}

// --- Customer data -------------------------------------------------------------------------

export async function getCustomerData(
  ctx: AppContext,
  customerId: number,
): Promise<CustomerData | null> {
  const customer = await repo.findCustomerById(ctx.db, customerId)
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

// --- Light to full (account-area §4) ----------------------------------------------------------

/** The invoice address of a conversion (either payload shape's address part). */
export type ConversionAddress = Extract<
  ConvertLightToFullBody,
  { invoiceData: unknown }
>['invoiceData']

/**
 * A light account becomes a full customer with its invoice address, in one transaction: the
 * billing address is created (or replaces the guest's), the account gets a customer number and
 * the names of the address. When another full account owns the e-mail, nothing changes: the
 * owner gets the "account exists" notice and the caller the general conversion error. Afterwards
 * a mail brings the customer number and a link to set the first password.
 */
export async function convertLightToFull(
  ctx: AppContext,
  customerId: number,
  body: ConvertLightToFullBody,
): Promise<
  Result<
    ConversionResult,
    'not_found' | 'conversion_failed',
    { errorFields: Record<string, string> }
  >
> {
  const id = 'invoiceData' in body ? body.userId : body.id
  const address = 'invoiceData' in body ? body.invoiceData : body
  if (Number(id) !== customerId) return err('not_found')
  const converted = await ctx.db.transaction((tx) =>
    convertLightAccountIn(tx, ctx, customerId, address),
  )
  if (!converted.ok) return converted
  return ok({
    data: { successful: true as const },
    customerId: converted.value.id,
    customerNumber: converted.value.customerNumber ?? '',
    notepadCount: ctx.config.whiteLabel
      ? 0
      : await countCustomerWishlist(ctx.db, converted.value.id),
    cartCount: await countCustomerCart(ctx.db, converted.value.id),
  })
}

/**
 * The conversion inside the caller's transaction (the Campus upload converts in its own, so the
 * application and the conversion succeed or fail together). Checks the invoice address by the
 * account rules; on an error nothing changes but the "account exists" notice to the owner.
 */
export async function convertLightAccountIn(
  tx: Tx,
  ctx: AppContext,
  customerId: number,
  address: ConversionAddress,
): Promise<
  Result<CustomerRow, 'not_found' | 'conversion_failed', { errorFields: Record<string, string> }>
> {
  const found = await repo.lockCustomer(tx, customerId)
  if (!found) return err('not_found')
  if (!found.isLight) return err('conversion_failed', { errorFields: {} })
  const { row: locked, errorFields } = withChosenKind(found, address)
  if (errorFields) return err('conversion_failed', { errorFields })
  const checked = await checkBillingAddress(tx, locked.customerType, address)
  if (!checked.ok) return err('conversion_failed', { errorFields: checked.data?.errorFields ?? {} })
  const invoice = checked.value
  const isBusiness = locked.customerType === 'business'
  const now = ctx.clock.now()
  const token = randomBytes(32).toString('base64url')
  const links = accountLinks(ctx)
  if (await repo.isEmailTaken(tx, locked.email, locked.id)) {
    const owner = await repo.findFullCustomerByEmail(tx, locked.email)
    if (owner) await sendAccountExistsMail(tx, owner, links)
    return err('conversion_failed', { errorFields: {} })
  }
  await saveBillingAddress(tx, customerId, invoice, now)
  const row = await repo.convertToFull(tx, customerId, {
    firstName: invoice.firstName,
    lastName: invoice.lastName,
    ...(isBusiness
      ? {
          companyName: invoice.company ?? locked.companyName,
          vatId: invoice.vatId ? normalizeVatId(invoice.vatId) : locked.vatId,
        }
      : {}),
    ...kindColumns(locked, invoice),
    convertedAt: now,
    updatedAt: now,
  })
  if (!row) return err('conversion_failed', { errorFields: {} })
  await repo.insertPasswordReset(tx, {
    customerId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60 * 1000),
    now,
  })
  await sendConvertedMail(
    tx,
    row,
    row.customerNumber ?? '',
    `${links.passwordForgotten}?token=${token}`,
    RESET_VALID_MINUTES,
  )
  return ok(row)
}
