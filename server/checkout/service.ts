// Rules of the checkout steps: init and re-init, payment and shipping choice, vouchers, the
// protection package, invoice and delivery addresses, and the card chosen for the order.
import { type AddressInput, addressErrorFields, addressSchema } from '#contract/addresses.ts'
import type {
  CheckoutAddress,
  CheckoutState,
  CheckoutType,
  DistributorId,
  PaymentMethodId,
  ShippingModuleId,
} from '#contract/checkout.ts'
import { MAX_REDEEMABLE_COUPONS } from '#contract/checkout.ts'
import { PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import type { MessageCode } from '#contract/messages.de.ts'
import { addAddress, checkBillingAddress, saveBillingAddress } from '#server/addresses/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import type { SessionHandle } from '#server/platform/session.ts'
import * as repo from './repo.ts'
import { paymentRefusal } from './rules.ts'
import {
  billingLocked,
  buildQuote,
  freshStored,
  type Quote,
  type Stored,
  saveStored,
  storedOf,
  toState,
  voucherCheck,
} from './state.ts'

async function quoteOf(ctx: AppContext, session: SessionHandle) {
  return buildQuote(ctx, await session.load())
}

/** Saves the choices and answers with the state built from them. */
async function update(
  ctx: AppContext,
  session: SessionHandle,
  _quote: Quote,
  stored: Stored,
  error: string | null = null,
): Promise<CheckoutState> {
  await saveStored(session, stored)
  const row = await session.load()
  return toState(await buildQuote(ctx, row), error)
}

function typeFor(quote: Quote, wanted: CheckoutType | undefined): CheckoutType {
  if (!quote.customer) return 'guest'
  if (wanted === 'expressPayPalCheckout' || wanted === 'expressAmazonPayCheckoutInit') return wanted
  return quote.customer.isLight ? 'lite' : 'customer'
}

/** The problems that stop a checkout before it starts. */
function initProblem(quote: Quote): 'cart_empty' | 'customer_ust_id' | null {
  if (quote.goodsCents <= 0) return 'cart_empty'
  const customer = quote.customer
  if (
    customer?.customerType === 'business' &&
    quote.invoice &&
    quote.invoice.countryId !== PRIMARY_COUNTRY_ID &&
    !customer.vatId
  ) {
    return 'customer_ust_id'
  }
  return null
}

export async function initCheckout(
  ctx: AppContext,
  session: SessionHandle,
  wanted: CheckoutType | undefined,
): Promise<Result<CheckoutState, 'cart_empty' | 'customer_ust_id' | 'init_error'>> {
  if (wanted === 'reinit') return err('init_error')
  const quote = await quoteOf(ctx, session)
  const problem = initProblem(quote)
  if (problem) return err(problem)
  const previous = quote.session ? storedOf(quote.session) : null
  // A new init keeps the shopper's choices of this session (vouchers, payment) but no open
  // wallet payment.
  const stored: Stored = {
    ...(previous ?? freshStored('guest')),
    // An express checkout that came back from its wallet stays one.
    type: typeFor(quote, wanted ?? (previous?.pending?.express ? previous.type : undefined)),
    pending: previous?.pending?.express ? previous.pending : null,
  }
  await session.ensure()
  return ok(await update(ctx, session, quote, stored))
}

export async function getCheckoutData(
  ctx: AppContext,
  session: SessionHandle,
): Promise<Result<CheckoutState, 'cart_empty' | 'init_error'>> {
  const quote = await quoteOf(ctx, session)
  if (!quote.session || !storedOf(quote.session)) return err('init_error')
  return ok(toState(quote))
}

/** Re-init: the state again; no shipping for the cart is tolerated (error field). */
export async function reInitCheckout(
  ctx: AppContext,
  session: SessionHandle,
): Promise<Result<CheckoutState, 'cart_empty' | 'init_error'>> {
  const quote = await quoteOf(ctx, session)
  if (!quote.session || !storedOf(quote.session)) return err('init_error')
  const stored = { ...quote.stored, type: 'reinit' as const }
  await saveStored(session, stored)
  const state = toState({ ...quote, stored })
  return ok(quote.modules.length === 0 ? { ...state, error: 'no_shipping_available' } : state)
}

type ChoiceError =
  | 'checkout_payment_method_not_available_for_delivery_country'
  | 'payment_method_unsupported'
  | 'no_shipping_available'
  | 'init_error'

export async function changePaymentShipping(
  ctx: AppContext,
  session: SessionHandle,
  input: {
    payment?: PaymentMethodId | undefined
    paymentTermMonths?: number | undefined
    moduleId?: ShippingModuleId | undefined
    distributorId?: DistributorId | undefined
  },
): Promise<Result<CheckoutState, ChoiceError>> {
  const quote = await quoteOf(ctx, session)
  if (!quote.session || !storedOf(quote.session) || !quote.kind) return err('init_error')
  const stored: Stored = { ...quote.stored, pending: null }
  if (input.payment) {
    const refusal = paymentRefusal(input.payment, {
      ...quote.kind,
      countryId: quote.delivery?.countryId ?? PRIMARY_COUNTRY_ID,
      addressType: quote.delivery?.type ?? 'normal',
      amountCents: quote.pricing.totalCents,
      moduleId: input.payment === 'cashec' ? 'pickup' : 'standard',
    })
    if (refusal) return err(refusal)
    const option = quote.payments.find((p) => p.id === input.payment)
    if (!option && input.payment !== 'cashec') return err('payment_method_unsupported')
    stored.payment = input.payment
    const terms = option?.termMonths ?? []
    stored.paymentTermMonths =
      terms.length === 0
        ? null
        : input.paymentTermMonths && terms.includes(input.paymentTermMonths)
          ? input.paymentTermMonths
          : (terms[0] ?? null)
    if (input.payment === 'cashec') stored.shipping = { moduleId: 'pickup', distributorId: 'store' }
    else if (stored.shipping?.moduleId === 'pickup') stored.shipping = null
  }
  if (input.moduleId) {
    if (quote.goodsCents <= 0) return err('no_shipping_available')
    stored.shipping = {
      moduleId: input.moduleId,
      distributorId: input.distributorId ?? stored.shipping?.distributorId ?? 'dhl',
    }
  }
  return ok(await update(ctx, session, quote, stored))
}

export async function setProtection(ctx: AppContext, session: SessionHandle, selected: boolean) {
  const quote = await quoteOf(ctx, session)
  if (!quote.session || !storedOf(quote.session)) return err('init_error' as const)
  return ok(await update(ctx, session, quote, { ...quote.stored, noRiskMuchFun: selected }))
}

/** The shopper's answer to the old-device question (ElektroG § 17 (1) sentence 3). */
export async function setOldDeviceTakeBack(
  ctx: AppContext,
  session: SessionHandle,
  takeBack: boolean,
) {
  const quote = await quoteOf(ctx, session)
  if (!quote.session || !storedOf(quote.session)) return err('init_error' as const)
  return ok(await update(ctx, session, quote, { ...quote.stored, oldDeviceTakeBack: takeBack }))
}

type VoucherError =
  | 'voucher_invalid'
  | 'voucher_limit_reached'
  | 'voucher_min_order'
  | 'voucher_used_up'
  | 'voucher_not_for_customer'
  | 'voucher_not_found'
  | 'init_error'

export async function redeemVoucher(
  ctx: AppContext,
  session: SessionHandle,
  code: string,
): Promise<Result<CheckoutState, VoucherError, { params: { max: number } }>> {
  const quote = await quoteOf(ctx, session)
  if (!quote.session || !storedOf(quote.session)) return err('init_error')
  const voucher = await repo.findVoucher(ctx.db, code)
  if (voucher && quote.stored.coupons.some((c) => c.toUpperCase() === voucher.code.toUpperCase())) {
    return ok(toState(quote))
  }
  if (quote.stored.coupons.length >= MAX_REDEEMABLE_COUPONS)
    return err('voucher_limit_reached', { params: { max: MAX_REDEEMABLE_COUPONS } })
  const problem = await voucherCheck(ctx, quote, voucher)
  if (problem || !voucher) return err(problem ?? 'voucher_invalid')
  const stored = { ...quote.stored, coupons: [...quote.stored.coupons, voucher.code] }
  return ok(await update(ctx, session, quote, stored))
}

export async function removeVoucher(
  ctx: AppContext,
  session: SessionHandle,
  code: string,
): Promise<Result<CheckoutState, VoucherError>> {
  const quote = await quoteOf(ctx, session)
  if (!quote.session || !storedOf(quote.session)) return err('init_error')
  const wanted = code.trim().toUpperCase()
  if (!quote.stored.coupons.some((c) => c.toUpperCase() === wanted)) return err('voucher_not_found')
  const coupons = quote.stored.coupons.filter((c) => c.toUpperCase() !== wanted)
  return ok(await update(ctx, session, quote, { ...quote.stored, coupons }))
}

// --- Addresses -------------------------------------------------------------------------------

export type CountryError =
  | 'checkout_delivery_country_not_allow'
  | 'checkout_delivery_country_not_found'
  | 'checkout_products_germany_only'

/** Whether the checkout may deliver to a country: list, business lock, Germany-only products. */
export async function deliveryCountryProblem(
  ctx: AppContext,
  quote: Quote,
  countryId: number,
): Promise<CountryError | null> {
  const country = await repo.findCountry(ctx.db, { id: countryId })
  if (!country) return 'checkout_delivery_country_not_found'
  if (!quote.deliveryCountries.some((c) => c.countryId === countryId)) {
    return 'checkout_delivery_country_not_allow'
  }
  // Storefront §5: the delivery country equals the billing country, for every customer kind
  // (business customers see it as a locked country, the others as the only country offered).
  if (quote.invoice && quote.invoice.countryId !== countryId) {
    return 'checkout_delivery_country_not_allow'
  }
  if (quote.germanyOnly.length > 0 && countryId !== PRIMARY_COUNTRY_ID) {
    return 'checkout_products_germany_only'
  }
  return null
}

export async function changeDeliveryAddress(
  ctx: AppContext,
  session: SessionHandle,
  deliveryAddressId: number,
): Promise<Result<CheckoutState, CountryError | 'not_found'>> {
  const quote = await quoteOf(ctx, session)
  const target =
    deliveryAddressId === 0
      ? quote.invoice
      : quote.addresses.find((address) => address.id === deliveryAddressId)
  if (!target) return err('not_found')
  const problem = await deliveryCountryProblem(ctx, quote, target.countryId)
  if (problem) return err(problem)
  const stored: Stored = {
    ...quote.stored,
    deliveryAddressId: deliveryAddressId === 0 ? null : deliveryAddressId,
    oneOffDelivery: null,
    pending: null,
  }
  return ok(await update(ctx, session, quote, stored))
}

const DELIVERY_FIELD: Record<string, string> = {
  street: 'street',
  street_number: 'street_number',
  zip: 'postcode',
  city: 'city',
  firstname: 'firstname',
  lastname: 'lastname',
}

/** account_zip_missing -> checkout_delivery_address_postcode_missing (storefront section 8). */
export function deliveryCode(accountCode: string): MessageCode {
  if (accountCode.endsWith('full_name_too_long')) {
    return 'checkout_delivery_address_full_name_too_long'
  }
  const match =
    /^account_(street_number|street|zip|city|firstname|lastname)_(missing|too_short|too_long|invalid)$/.exec(
      accountCode,
    )
  if (!match) return 'checkout_delivery_address_invalid'
  return `checkout_delivery_address_${DELIVERY_FIELD[match[1] ?? ''] ?? ''}_${match[2]}` as MessageCode
}

type AddDeliveryError = { code: MessageCode; errorFields: Record<string, string> }

export async function addDeliveryAddress(
  ctx: AppContext,
  session: SessionHandle,
  input: AddressInput,
): Promise<Result<CheckoutState, 'failed', AddDeliveryError>> {
  const quote = await quoteOf(ctx, session)
  if (!quote.customer || !quote.session || !storedOf(quote.session)) {
    return err('failed', { code: 'init_error', errorFields: {} })
  }
  const customerType = quote.customer.customerType
  const parsed = addressSchema({ flow: 'checkout', kind: 'delivery', customerType }).safeParse({
    ...input,
    streetName: input.type === 'packstation' ? 'Packstation' : input.streetName,
  })
  if (!parsed.success) {
    const fields = addressErrorFields(parsed.error)
    const errorFields = Object.fromEntries(
      Object.entries(fields).map(([field, code]) => [field, deliveryCode(code)]),
    )
    const first = Object.values(errorFields)[0] ?? 'checkout_delivery_address_invalid'
    const long = parsed.error.issues.some((i) => i.message.startsWith('full_name_too_long'))
    return err('failed', {
      code: long ? 'checkout_delivery_address_full_name_too_long' : (first as MessageCode),
      errorFields,
    })
  }
  const value = parsed.data
  const problem = await deliveryCountryProblem(ctx, quote, value.countryId)
  if (problem) return err('failed', { code: problem, errorFields: { countryId: problem } })
  const country = await repo.findCountry(ctx.db, { id: value.countryId })
  const address: CheckoutAddress = {
    id: 0,
    firstName: value.firstName,
    lastName: value.lastName,
    company: value.company,
    streetName: value.streetName,
    streetNumber: value.streetNumber,
    zipCode: value.zipCode,
    cityName: value.cityName,
    countryId: value.countryId,
    countryName: country?.name ?? '',
    defaultAddress: false,
    type: value.type,
    postNumber: value.type === 'packstation' ? value.postNumber : '',
  }
  const stored: Stored = { ...quote.stored, pending: null }
  if (quote.customer.isLight) {
    // Light accounts have no address book: the address serves this order only.
    stored.oneOffDelivery = address
    stored.deliveryAddressId = null
  } else {
    const added = await addAddress(ctx, quote.customer.id, { ...input, defaultAddress: false })
    if (!added.ok) {
      return err('failed', {
        code: 'checkout_delivery_address_invalid',
        errorFields: added.data?.errorFields ?? {},
      })
    }
    stored.oneOffDelivery = null
    stored.deliveryAddressId = added.value.addressId
  }
  return ok(await update(ctx, session, quote, stored))
}

export async function changeInvoiceAddress(
  ctx: AppContext,
  session: SessionHandle,
  input: AddressInput,
): Promise<
  Result<
    CheckoutState,
    'checkout_address_save_failed' | 'customer_ust_id' | 'init_error',
    { errorFields: Record<string, string> }
  >
> {
  const quote = await quoteOf(ctx, session)
  if (!quote.customer) return err('init_error', { errorFields: {} })
  if (billingLocked(quote)) return err('checkout_address_save_failed', { errorFields: {} })
  const checked = await checkBillingAddress(ctx.db, quote.customer.customerType, input)
  if (!checked.ok) {
    return err('checkout_address_save_failed', { errorFields: checked.data?.errorFields ?? {} })
  }
  const customerId = quote.customer.id
  const { vatId: _vatId, ...address } = checked.value
  await ctx.db.transaction((tx) => saveBillingAddress(tx, customerId, address, ctx.clock.now()))
  return ok(await update(ctx, session, quote, { ...quote.stored, pending: null }))
}

export async function customerAddresses(ctx: AppContext, session: SessionHandle) {
  const quote = await quoteOf(ctx, session)
  return { invoiceAddress: quote.invoice, addresses: quote.addresses }
}

// --- Card ------------------------------------------------------------------------------------

export async function creditCardFields(ctx: AppContext, session: SessionHandle, origin: string) {
  const row = await session.ensure()
  // Fields for another card: the card chosen so far is given up, so that a new card that fails
  // never lets the order go through silently with the previous one (issue 17).
  const before = storedOf(row)
  if (before?.card) await saveStored(session, { ...before, card: null })
  const quote = await buildQuote(ctx, before?.card ? await session.load() : row)
  const check = await ctx.payments.card.createCheckSession({
    reference: `checkout-${row.id.slice(0, 12)}`,
    parentOrigin: origin,
  })
  return {
    creditCard: {
      sessionId: check.sessionId,
      fieldsUrl: check.fieldsUrl,
      checkUrl: check.checkUrl,
    },
    creditCardAlias: quote.storedCards,
    selectedCreditCard: quote.stored.card?.alias ?? null,
    errors: [] as string[],
  }
}

export async function applyCard(
  ctx: AppContext,
  session: SessionHandle,
  alias: string,
  save: boolean,
): Promise<Result<Quote, 'card_alias_unknown' | 'card_expired'>> {
  const info = await ctx.payments.card.getAlias(alias)
  const now = ctx.clock.now()
  const problem = !info
    ? ('card_alias_unknown' as const)
    : Date.UTC(info.expiryYear, info.expiryMonth, 1) <= now.getTime()
      ? ('card_expired' as const)
      : null
  const quote = await quoteOf(ctx, session)
  if (problem || !info) {
    // A card that fails leaves no card chosen: never a silent fallback to the previous one.
    const current = storedOf(quote.session)
    if (current?.card) await saveStored(session, { ...current, card: null })
    return err(problem ?? 'card_alias_unknown')
  }
  const stored: Stored = {
    ...(storedOf(quote.session) ?? quote.stored),
    payment: 'creditcard',
    pending: null,
    card: {
      alias: info.alias,
      brand: info.brand,
      maskedNumber: info.maskedNumber,
      expiry: `${String(info.expiryMonth).padStart(2, '0')} / ${info.expiryYear}`,
      expiryMonth: info.expiryMonth,
      expiryYear: info.expiryYear,
      holder: info.holder,
      save: save && Boolean(quote.customer && !quote.customer.isLight),
    },
  }
  await saveStored(session, stored)
  return ok(await buildQuote(ctx, await session.load()))
}

export async function selectStoredCard(ctx: AppContext, session: SessionHandle, alias: string) {
  const quote = await quoteOf(ctx, session)
  if (!quote.storedCards.some((card) => card.alias === alias)) return err('not_found' as const)
  const used = await applyCard(ctx, session, alias, false)
  if (!used.ok) return err('not_found' as const)
  return ok(toState(used.value))
}
