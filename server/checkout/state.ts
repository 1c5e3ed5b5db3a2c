// The checkout of one session: the shopper's choices kept in the session (payment, shipping,
// vouchers, protection package, delivery address, card, open wallet payment) and the quote built
// from them and the database (cart priced from the catalog, customer, addresses, vouchers).
import { type CartProduct, netCents } from '#contract/cart.ts'
import {
  type CheckoutAddress,
  type CheckoutState,
  type CheckoutStep,
  type CheckoutType,
  MAX_REDEEMABLE_COUPONS,
  type PaymentMethodId,
  type PaymentOption,
  type SafeCard,
  type ShippingModule,
} from '#contract/checkout.ts'
import { PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import { formatEuro } from '#contract/money.ts'
import { INTRA_EU_NOTE, unconfirmedVatNote } from '#contract/vat.de.ts'
import { cartOwnerOf, lockCartForOrder, pricingOf } from '#server/cart/index.ts'
import { largeApplianceIds } from '#server/catalog/index.ts'
import { listStoredCards } from '#server/credit-cards/index.ts'
import type { OrderAddress } from '#server/orders/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import type { SessionHandle, SessionRow } from '#server/platform/session.ts'
import * as repo from './repo.ts'
import {
  availablePayments,
  type CustomerKind,
  type Destination,
  goodsCentsOf,
  type Pricing,
  priceCheckout,
  protectionPriceCents,
  resolveShipping,
  type ShippingChoice,
  shippingModules,
  type VoucherRow,
  voucherProblem,
} from './rules.ts'
import { type VatStatus, vatStatusOf } from './vat-exemption.ts'

const STATE_KEY = 'checkout'
export const LAST_ORDER_KEY = 'checkoutLastOrder'

export type StoredCard = SafeCard & {
  expiryMonth: number
  expiryYear: number
  holder: string
  save: boolean
}

/** An open payment at a provider: the order attempt's key and what came back so far. */
export type PendingPayment = {
  key: string
  method: PaymentMethodId
  express: boolean
  token: string | null
  paymentId: string | null
}

export type Stored = {
  type: CheckoutType
  /** Address book id of the delivery address; null: the invoice address. */
  deliveryAddressId: number | null
  /** A delivery address for this order only (light accounts, wallet addresses). */
  oneOffDelivery: CheckoutAddress | null
  payment: PaymentMethodId | null
  paymentTermMonths: number | null
  shipping: ShippingChoice | null
  coupons: string[]
  noRiskMuchFun: boolean
  card: StoredCard | null
  pending: PendingPayment | null
  /** The answer to "pick up the old device free at delivery?" (ElektroG § 17); null: none yet. */
  oldDeviceTakeBack: boolean | null
}

const EMPTY: Stored = {
  type: 'guest',
  deliveryAddressId: null,
  oneOffDelivery: null,
  payment: null,
  paymentTermMonths: null,
  shipping: null,
  coupons: [],
  noRiskMuchFun: false,
  card: null,
  pending: null,
  oldDeviceTakeBack: null,
}

export function storedOf(row: SessionRow | null): Stored | null {
  const raw = row?.data[STATE_KEY]
  return raw && typeof raw === 'object' ? { ...EMPTY, ...(raw as Partial<Stored>) } : null
}

export async function saveStored(session: SessionHandle, stored: Stored): Promise<void> {
  await session.patchData({ [STATE_KEY]: stored })
}

export async function clearStored(session: SessionHandle, extra: Record<string, unknown> = {}) {
  await session.patchData({ [STATE_KEY]: null, ...extra })
}

export function freshStored(type: CheckoutType): Stored {
  return { ...EMPTY, type }
}

// --- Addresses -------------------------------------------------------------------------------

export function toCheckoutAddress(row: repo.AddressRow): CheckoutAddress {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company ?? '',
    streetName: row.streetName,
    streetNumber: row.streetNumber,
    zipCode: row.zipCode,
    cityName: row.cityName,
    countryId: row.countryId,
    countryName: row.countryName,
    defaultAddress: row.isDefault,
    type: row.type,
    postNumber: row.postNumber ?? '',
  }
}

export function toOrderAddress(address: CheckoutAddress): OrderAddress {
  return {
    company: address.company || null,
    firstName: address.firstName,
    lastName: address.lastName,
    streetName: address.streetName,
    streetNumber: address.streetNumber,
    zipCode: address.zipCode,
    cityName: address.cityName,
    countryId: address.countryId,
    countryName: address.countryName,
    postNumber: address.postNumber || null,
    type: address.type,
  }
}

const CAMPUS_ACTIVE = new Set(['valid', 'valid_near_expire', 'pending'])

/** Products we deliver only within Germany: energy-labelled appliances (freight, disposal). */
export function germanyOnlyProductIds(products: CartProduct[]): number[] {
  return products.filter((product) => product.energyEfficiency !== null).map((p) => p.id)
}

// --- Quote -----------------------------------------------------------------------------------

export type Quote = {
  session: SessionRow | null
  stored: Stored
  customer: repo.CustomerFacts | null
  kind: CustomerKind | null
  invoice: CheckoutAddress | null
  delivery: CheckoutAddress | null
  addresses: CheckoutAddress[]
  products: CartProduct[]
  productsCount: number
  goodsCents: number
  /** The goods with VAT, also for a net-priced order: voucher minimums and free shipping. */
  grossGoodsCents: number
  payments: PaymentOption[]
  modules: ShippingModule[]
  shipping: ReturnType<typeof resolveShipping>
  vouchers: VoucherRow[]
  pricing: Pricing
  storedCards: SafeCard[]
  deliveryCountries: { countryId: number; countryName: string }[]
  germanyOnly: number[]
  /** Large appliances in the order: the old-device question is asked (ElektroG § 17). */
  largeAppliances: number[]
  /** Whether this is a tax-free intra-EU supply (every amount net) – issue 20. */
  vat: VatStatus
}

/** A cart product with its net prices (tax-free intra-EU supply). */
function netProduct(product: CartProduct): CartProduct {
  const priceCents = netCents(product.priceCents)
  const net = (cents: number | null) => (cents === null ? null : netCents(cents))
  const strike = net(product.strikeThroughPriceCents)
  return {
    ...product,
    priceCents,
    price: formatEuro(priceCents),
    totalCents: priceCents * product.quantity,
    strikeThroughPriceCents: strike,
    recommendedRetailPriceCents: net(product.recommendedRetailPriceCents),
    priceDiscountCents: strike === null ? 0 : Math.max(0, strike - priceCents),
    studentPriceCents: net(product.studentPriceCents),
    warranties: product.warranties.map((w) => ({ ...w, priceCents: netCents(w.priceCents) })),
    warranty: product.warranty
      ? {
          ...product.warranty,
          priceCents: netCents(product.warranty.priceCents),
          totalCents: netCents(product.warranty.priceCents) * product.warranty.quantity,
        }
      : null,
  }
}

function netModule(module: ShippingModule): ShippingModule {
  return {
    ...module,
    shippingModules: module.shippingModules.map((d) => ({
      ...d,
      priceCents: netCents(d.priceCents),
    })),
  }
}

function expiryText(month: number, year: number): string {
  return `${String(month).padStart(2, '0')} / ${year}`
}

/** Everything the checkout shows and the order needs, priced from the database now. */
export async function buildQuote(
  ctx: AppContext,
  session: SessionRow | null,
  override?: { products: CartProduct[] },
): Promise<Quote> {
  const stored = storedOf(session) ?? freshStored(session?.customerId ? 'customer' : 'guest')
  const customerId = session?.customerId ?? null
  const customer = customerId ? await repo.findCustomer(ctx.db, customerId) : null
  const rows = customer ? await repo.listAddresses(ctx.db, customer.id) : []
  const all = rows.map(toCheckoutAddress)
  // A customer without an invoice address who pays by an express wallet: the wallet's address
  // is the invoice address of this order.
  const express =
    stored.type === 'expressPayPalCheckout' || stored.type === 'expressAmazonPayCheckoutInit'
  const invoice =
    all.find((address) => address.defaultAddress) ??
    (express && stored.oneOffDelivery ? { ...stored.oneOffDelivery, defaultAddress: true } : null)
  const addresses = all.filter((address) => !address.defaultAddress)
  const delivery =
    stored.oneOffDelivery ??
    addresses.find((address) => address.id === stored.deliveryAddressId) ??
    invoice
  let products = override?.products
  if (!products) {
    const owner = cartOwnerOf(session)
    const pricing = await pricingOf(ctx, session)
    const cart = owner
      ? await ctx.db.transaction((tx) => lockCartForOrder(tx, owner, pricing))
      : null
    products = cart?.products ?? []
  }
  const vat: VatStatus = customer
    ? await vatStatusOf(ctx, {
        customerType: customer.customerType,
        vatId: customer.vatId,
        deliveryCountryId: delivery?.countryId ?? null,
      })
    : { kind: 'standard' }
  const exempt = vat.kind === 'exempt'
  // Free shipping and the offered modules follow the gross goods value in every case.
  const grossGoodsCents = goodsCentsOf(products)
  if (exempt) products = products.map(netProduct)
  const goodsCents = goodsCentsOf(products)
  const kind = customer ? { customerType: customer.customerType, isLight: customer.isLight } : null
  const destination: Destination = {
    countryId: delivery?.countryId ?? PRIMARY_COUNTRY_ID,
    addressType: delivery?.type ?? 'normal',
  }
  const vouchers = (await repo.findVouchers(ctx.db, stored.coupons)).slice(
    0,
    MAX_REDEEMABLE_COUPONS,
  )
  const grossModules = shippingModules(destination, grossGoodsCents, stored.payment)
  const modules = exempt ? grossModules.map(netModule) : grossModules
  const shipping = resolveShipping(modules, stored.shipping)
  const base = priceCheckout({
    goodsCents,
    shipping,
    payment: null,
    protection: stored.noRiskMuchFun,
    vouchers,
    vatExempt: exempt,
  })
  const payments = kind
    ? availablePayments({
        ...kind,
        ...destination,
        amountCents: base.totalCents,
        moduleId: shipping?.moduleId ?? 'standard',
      })
    : []
  const payment = payments.some((p) => p.id === stored.payment) ? stored.payment : null
  const pricing = priceCheckout({
    goodsCents,
    shipping,
    payment,
    protection: stored.noRiskMuchFun,
    vouchers,
    vatExempt: exempt,
  })
  const cards = customer && !customer.isLight ? await listStoredCards(ctx.db, customer.id) : []
  return {
    session,
    stored: { ...stored, payment },
    customer,
    kind,
    invoice,
    delivery,
    addresses,
    products,
    productsCount: products.filter((p) => p.available).reduce((sum, p) => sum + p.quantity, 0),
    goodsCents,
    grossGoodsCents,
    payments,
    modules,
    shipping,
    vouchers,
    pricing,
    storedCards: cards.map((card) => ({
      alias: card.alias,
      brand: card.brand,
      maskedNumber: card.maskedNumber,
      expiry: expiryText(card.expiryMonth, card.expiryYear),
    })),
    deliveryCountries: customer ? await repo.deliveryCountries(ctx.db, customer.customerType) : [],
    germanyOnly: germanyOnlyProductIds(products),
    largeAppliances: await largeApplianceIds(
      ctx.db,
      products.filter((product) => product.available).map((product) => product.id),
    ),
    vat,
  }
}

export function stepOf(quote: Quote): CheckoutStep {
  if (!quote.customer) return 'login'
  if (!quote.invoice || !quote.delivery) return 'address'
  if (!quote.stored.payment) return 'payment'
  // Card payment needs a verified card of this checkout (a failed new card leaves none).
  if (quote.stored.payment === 'creditcard' && !quote.stored.card) return 'payment'
  if (!quote.shipping) return 'shipping'
  return 'confirmation'
}

export function billingLocked(quote: Quote): boolean {
  const customer = quote.customer
  if (!customer) return false
  if (CAMPUS_ACTIVE.has(customer.studentStatus)) return true
  return (
    customer.customerType === 'business' &&
    !customer.isLight &&
    ((quote.invoice?.countryId ?? PRIMARY_COUNTRY_ID) !== PRIMARY_COUNTRY_ID ||
      Boolean(customer.vatId))
  )
}

export function toState(quote: Quote, error: string | null = null): CheckoutState {
  const { stored, customer } = quote
  return {
    error:
      error ??
      (quote.customer && quote.goodsCents > 0 && quote.payments.length === 0
        ? 'checkout_no_payments'
        : null),
    type: stored.type,
    step: stepOf(quote),
    isLoggedIn: Boolean(customer),
    isLightAccount: customer?.isLight ?? false,
    customerType: customer?.customerType ?? null,
    email: customer?.email ?? null,
    invoiceData: quote.invoice,
    delivery: quote.delivery,
    addresses: quote.addresses,
    deliveryAddressEditable: Boolean(customer),
    invoiceAddressEditable: Boolean(customer) && !billingLocked(quote),
    mandatoryDeliveryAddress: false,
    deliveryCountryLockedTo: quote.invoice?.countryId ?? null,
    deliveryAllowedCountries: quote.deliveryCountries.filter(
      (c) =>
        (!quote.invoice || c.countryId === quote.invoice.countryId) &&
        (quote.germanyOnly.length === 0 || c.countryId === PRIMARY_COUNTRY_ID),
    ),
    deliveryRestrictedProductIds: quote.germanyOnly,
    billingRestrictedProductIds: [],
    payment: stored.payment,
    paymentTermMonths: stored.paymentTermMonths,
    payments: quote.payments,
    modules: quote.modules,
    shipping: quote.shipping
      ? { moduleId: quote.shipping.moduleId, distributorId: quote.shipping.distributorId }
      : null,
    products: quote.products,
    productsCount: quote.productsCount,
    coupons: quote.pricing.coupons,
    maxRedeemableCoupons: MAX_REDEEMABLE_COUPONS,
    taxValue: quote.pricing.taxCents,
    vat: {
      kind: quote.vat.kind,
      vatId: quote.vat.kind === 'standard' ? null : quote.vat.vatId,
      note:
        quote.vat.kind === 'exempt'
          ? INTRA_EU_NOTE
          : quote.vat.kind === 'unconfirmed'
            ? unconfirmedVatNote(quote.vat.reason, quote.vat.vatId)
            : null,
    },
    noRiskMuchFun: {
      available: quote.goodsCents > 0,
      selected: stored.noRiskMuchFun,
      priceCents: protectionPriceCents(quote.vat.kind === 'exempt'),
    },
    paylater: quote.payments.some((p) => p.id === 'klarnapaylater'),
    paynow: quote.payments.some((p) => p.id === 'klarnapaynow'),
    creditCard: stored.card
      ? {
          alias: stored.card.alias,
          brand: stored.card.brand,
          maskedNumber: stored.card.maskedNumber,
          expiry: stored.card.expiry,
          save: stored.card.save,
        }
      : null,
    creditCardAliases: quote.storedCards,
    summary: quote.pricing.summary,
    whiteLabel: false,
    oldDeviceTakeBack: {
      asked: quote.largeAppliances.length > 0,
      productIds: quote.largeAppliances,
      selected: quote.largeAppliances.length > 0 ? stored.oldDeviceTakeBack : null,
    },
  }
}

/** Whether the customer may use a voucher now (checked again in the order's transaction). */
export async function voucherCheck(ctx: AppContext, quote: Quote, voucher: VoucherRow | null) {
  const problem = voucherProblem(voucher, {
    now: ctx.clock.now(),
    goodsCents: quote.grossGoodsCents,
    customerType: quote.customer?.customerType ?? null,
  })
  if (problem) return problem
  if (voucher?.oncePerCustomer && quote.customer) {
    if (await repo.hasRedeemed(ctx.db, voucher.id, quote.customer.id)) return 'voucher_used_up'
  }
  return null
}
