// Pure rules of the checkout: which payment methods and shipping modules a checkout may use
// (country, customer type, amount, address type), and the order summary with its lines. No I/O:
// the same functions price the checkout page and, inside the order's transaction, the order.
import type { CartProduct } from '#contract/cart.ts'
import { includedVatCents, netCents, shippingCentsFor, VAT_PERCENT } from '#contract/cart.ts'
import {
  BANK_TRANSFER_RESERVED_DAYS,
  CASH_ON_DELIVERY_FEE_CENTS,
  CASH_PICKUP_HOLD_WORKING_DAYS,
  type CheckoutSummary,
  DECLARED_VALUE_BASIS_POINTS,
  DECLARED_VALUE_FROM_CENTS,
  type DistributorId,
  FINANCING_MAX_MONTHS,
  FINANCING_MONTHS,
  INSTALLMENT_MONTHS,
  INVOICE_TERM_DAYS,
  type PaymentMethodId,
  type PaymentOption,
  PROTECTION_PACKAGE_CENTS,
  type ShippingModule,
  type ShippingModuleId,
  type SummaryLine,
  ZERO_FINANCING_MONTHS,
} from '#contract/checkout.ts'
import { PRIMARY_COUNTRY_ID } from '#contract/fields.ts'
import { formatEuro } from '#contract/money.ts'
import {
  type NamedPaymentMethod,
  PAYMENT_HELP_TEXTS,
  PAYMENT_METHOD_NAMES,
  PAYMENT_NOTES,
} from '#contract/payments.de.ts'
import { fillText } from '#contract/text.ts'
import { INTRA_EU_TAX_TITLE } from '#contract/vat.de.ts'

const AT = 14
const NL = 150

export type CustomerKind = {
  customerType: 'private' | 'business'
  /** Light account (guest checkout). */
  isLight: boolean
}

/** Where and how the goods go. */
export type Destination = {
  countryId: number
  addressType: 'normal' | 'packstation' | 'paketshop'
}

type MethodRule = {
  id: PaymentMethodId
  name: string
  helpText: string
  termMonths?: readonly number[]
  minCents?: number
  maxCents: number
  /** Countries of delivery; undefined: every country the shop delivers to. */
  countries?: readonly number[]
  customer?: (kind: CustomerKind) => boolean
  destination?: (destination: Destination, moduleId: ShippingModuleId) => boolean
}

/** The values the payment copy of contract/payments.de.ts names. */
const PAYMENT_TEXT_PARAMS = {
  invoiceDays: INVOICE_TERM_DAYS,
  reservedDays: BANK_TRANSFER_RESERVED_DAYS,
  holdWorkingDays: CASH_PICKUP_HOLD_WORKING_DAYS,
  installmentMonths: INSTALLMENT_MONTHS.join(', '),
  zeroFinancingMonths: ZERO_FINANCING_MONTHS.join(', '),
  financingMaxMonths: FINANCING_MAX_MONTHS,
  codFee: formatEuro(CASH_ON_DELIVERY_FEE_CENTS),
}

/** A method's name and help text from the catalogue. */
function shown(id: NamedPaymentMethod) {
  return {
    id,
    name: PAYMENT_METHOD_NAMES[id],
    helpText: fillText(PAYMENT_HELP_TEXTS[id], PAYMENT_TEXT_PARAMS),
  }
}

/**
 * The methods the shop offers, in the order of the list (storefront section 3; limits are our
 * decisions, see docs/decisions.md). paydirekt, Mondu, aiia and the Saferpay card exist in the
 * spec's list but are not contracted: `payment_method_unsupported`.
 */
export const PAYMENT_METHODS: readonly MethodRule[] = [
  {
    ...shown('creditcard'),
    maxCents: 1_000_000,
  },
  {
    ...shown('paypal'),
    maxCents: 1_000_000,
  },
  {
    ...shown('amazonpay'),
    maxCents: 1_000_000,
  },
  {
    ...shown('applepay'),
    maxCents: 1_000_000,
  },
  {
    ...shown('klarnapaylater'),
    maxCents: 500_000,
    countries: [PRIMARY_COUNTRY_ID, AT, NL],
    customer: (kind) => kind.customerType === 'private',
  },
  {
    ...shown('klarnapaynow'),
    maxCents: 500_000,
    countries: [PRIMARY_COUNTRY_ID, AT, NL],
    customer: (kind) => kind.customerType === 'private',
  },
  {
    ...shown('moneyorder'),
    maxCents: 2_500_000,
  },
  {
    ...shown('invoice'),
    maxCents: 2_500_000,
    customer: (kind) => kind.customerType === 'business' && !kind.isLight,
  },
  {
    ...shown('santanderfinanz'),
    termMonths: INSTALLMENT_MONTHS,
    minCents: 50_000,
    maxCents: 2_500_000,
    countries: [PRIMARY_COUNTRY_ID],
    customer: (kind) => kind.customerType === 'business' && !kind.isLight,
  },
  {
    ...shown('commerzfinanz'),
    termMonths: FINANCING_MONTHS,
    minCents: 10_000,
    maxCents: 1_000_000,
    countries: [PRIMARY_COUNTRY_ID],
    customer: (kind) => kind.customerType === 'private',
  },
  {
    ...shown('cod'),
    maxCents: 350_000,
    countries: [PRIMARY_COUNTRY_ID],
    destination: (destination, moduleId) =>
      destination.addressType === 'normal' && moduleId !== 'pickup',
  },
  {
    ...shown('cashec'),
    maxCents: 500_000,
    countries: [PRIMARY_COUNTRY_ID],
  },
]

export function methodRule(id: PaymentMethodId): MethodRule | undefined {
  return PAYMENT_METHODS.find((rule) => rule.id === id)
}

export function paymentName(id: PaymentMethodId): string {
  return methodRule(id)?.name ?? id
}

export type PaymentContext = CustomerKind &
  Destination & { amountCents: number; moduleId: ShippingModuleId }

function allows(rule: MethodRule, context: PaymentContext): boolean {
  if (context.amountCents > rule.maxCents) return false
  if (rule.minCents !== undefined && context.amountCents < rule.minCents) return false
  if (rule.countries && !rule.countries.includes(context.countryId)) return false
  if (rule.customer && !rule.customer(context)) return false
  if (rule.destination && !rule.destination(context, context.moduleId)) return false
  return true
}

/** The methods offered for this checkout. Cash pickup never on a Packstation/PaketShop order. */
export function availablePayments(context: PaymentContext): PaymentOption[] {
  return PAYMENT_METHODS.filter((rule) => allows(rule, context)).map((rule) => ({
    id: rule.id,
    name: rule.name,
    helpText: rule.helpText,
    feeCents: rule.id === 'cod' ? CASH_ON_DELIVERY_FEE_CENTS : 0,
    termMonths: [...(rule.termMonths ?? [])],
  }))
}

export type PaymentRefusal =
  | 'payment_method_unsupported'
  | 'checkout_payment_method_not_available_for_delivery_country'

/** Why a method cannot be used here: the country (it would work in Germany) or anything else. */
export function paymentRefusal(
  id: PaymentMethodId,
  context: PaymentContext,
): PaymentRefusal | null {
  const rule = methodRule(id)
  if (!rule) return 'payment_method_unsupported'
  if (allows(rule, context)) return null
  if (rule.countries && !rule.countries.includes(context.countryId)) {
    return 'checkout_payment_method_not_available_for_delivery_country'
  }
  const inGermany = { ...context, countryId: PRIMARY_COUNTRY_ID, addressType: 'normal' as const }
  return allows(rule, inGermany) && context.countryId !== PRIMARY_COUNTRY_ID
    ? 'checkout_payment_method_not_available_for_delivery_country'
    : 'payment_method_unsupported'
}

// --- Shipping --------------------------------------------------------------------------------

const ABROAD_SHIPPING_CENTS = 999
const EXPRESS_SHIPPING_CENTS = 999

const DISTRIBUTOR_NAMES: Record<DistributorId, string> = {
  dhl: 'DHL',
  hermes: 'Hermes',
  dpd: 'DPD',
  store: 'Abholshop Berlin',
}

function distributor(id: DistributorId, priceCents: number) {
  return { distributorId: id, name: DISTRIBUTOR_NAMES[id], priceCents }
}

/**
 * Shipping modules with their distributors: standard (DHL, Hermes, DPD in Germany; DHL abroad;
 * Packstation only DHL, PaketShop only Hermes), express (DHL, normal German addresses), pickup
 * (the store; only with cash pickup).
 */
export function shippingModules(
  destination: Destination,
  goodsCents: number,
  payment: PaymentMethodId | null,
): ShippingModule[] {
  if (goodsCents <= 0) return []
  if (payment === 'cashec') {
    return [
      {
        id: 'pickup',
        name: 'Abholung',
        description: `Abholung im Abholshop, ${CASH_PICKUP_HOLD_WORKING_DAYS} Werktage reserviert`,
        shippingModules: [distributor('store', 0)],
      },
    ]
  }
  const inGermany = destination.countryId === PRIMARY_COUNTRY_ID
  const standardCents = inGermany ? shippingCentsFor(goodsCents) : ABROAD_SHIPPING_CENTS
  const standardDistributors: DistributorId[] =
    destination.addressType === 'packstation'
      ? ['dhl']
      : destination.addressType === 'paketshop'
        ? ['hermes']
        : inGermany
          ? ['dhl', 'hermes', 'dpd']
          : ['dhl']
  const modules: ShippingModule[] = [
    {
      id: 'standard',
      name: 'Standardversand',
      description: inGermany ? 'Lieferung in 1-3 Werktagen' : 'Lieferung in 3-6 Werktagen',
      shippingModules: standardDistributors.map((id) => distributor(id, standardCents)),
    },
  ]
  if (inGermany && destination.addressType === 'normal') {
    modules.push({
      id: 'express',
      name: 'Expressversand',
      description: 'Lieferung am nächsten Werktag bei Bestellung bis 14 Uhr',
      shippingModules: [distributor('dhl', EXPRESS_SHIPPING_CENTS)],
    })
  }
  return modules
}

export type ShippingChoice = { moduleId: ShippingModuleId; distributorId: DistributorId }

/** The chosen module if it is offered, else the first offered one (null: none). */
export function resolveShipping(
  modules: ShippingModule[],
  wanted: ShippingChoice | null,
): (ShippingChoice & { priceCents: number; label: string }) | null {
  const module = modules.find((m) => m.id === wanted?.moduleId) ?? modules[0]
  if (!module) return null
  const option =
    module.shippingModules.find((d) => d.distributorId === wanted?.distributorId) ??
    module.shippingModules[0]
  if (!option) return null
  return {
    moduleId: module.id,
    distributorId: option.distributorId,
    priceCents: option.priceCents,
    label: `${module.name} (${option.name})`,
  }
}

// --- Vouchers and summary --------------------------------------------------------------------

export type VoucherRow = {
  id: number
  code: string
  title: string
  kind: 'value' | 'percent'
  valueCents: number | null
  percent: number | null
  minOrderCents: number
  businessOnly: boolean
  validFrom: Date | null
  validUntil: Date | null
  maxUses: number | null
  usedCount: number
  oncePerCustomer: boolean
  active: boolean
}

export type VoucherProblem =
  | 'voucher_invalid'
  | 'voucher_min_order'
  | 'voucher_used_up'
  | 'voucher_not_for_customer'

/** Whether a voucher may be redeemed now by this customer for this goods value. */
export function voucherProblem(
  voucher: VoucherRow | null,
  input: { now: Date; goodsCents: number; customerType: 'private' | 'business' | null },
): VoucherProblem | null {
  if (!voucher?.active) return 'voucher_invalid'
  if (voucher.validFrom && voucher.validFrom > input.now) return 'voucher_invalid'
  if (voucher.validUntil && voucher.validUntil < input.now) return 'voucher_invalid'
  if (voucher.maxUses !== null && voucher.usedCount >= voucher.maxUses) return 'voucher_used_up'
  if (voucher.businessOnly && input.customerType !== 'business') return 'voucher_not_for_customer'
  if (input.goodsCents < voucher.minOrderCents) return 'voucher_min_order'
  return null
}

/** What a voucher takes off; a value voucher of a net-priced order takes its net value. */
export function voucherCents(voucher: VoucherRow, goodsCents: number, net = false): number {
  const value = voucher.valueCents ?? 0
  const cents =
    voucher.kind === 'percent'
      ? Math.round((goodsCents * (voucher.percent ?? 0)) / 100)
      : net
        ? netCents(value)
        : value
  return Math.min(cents, goodsCents)
}

/** Goods: available products and their warranties (sold-out lines stay in the cart, unsold). */
export function goodsCentsOf(products: CartProduct[]): number {
  return products
    .filter((product) => product.available)
    .reduce((sum, product) => sum + product.totalCents + (product.warranty?.totalCents ?? 0), 0)
}

export function declaredValueCents(goodsCents: number): number {
  return goodsCents >= DECLARED_VALUE_FROM_CENTS
    ? Math.round((goodsCents * DECLARED_VALUE_BASIS_POINTS) / 10_000)
    : 0
}

export type Pricing = {
  goodsCents: number
  shippingCents: number
  paymentFeeCents: number
  declaredValueCents: number
  protectionCents: number
  couponCents: number
  coupons: { code: string; title: string; cents: number }[]
  totalCents: number
  taxCents: number
  summary: CheckoutSummary
}

/** The protection package's price: net for a tax-free intra-EU supply. */
export function protectionPriceCents(vatExempt: boolean): number {
  return vatExempt ? netCents(PROTECTION_PACKAGE_CENTS) : PROTECTION_PACKAGE_CENTS
}

/**
 * The order summary of one delivery and the totals. Prices include 19 % VAT; for a tax-free
 * intra-EU supply (`vatExempt`, issue 20) goods and shipping come in net, the fees here are
 * taken net and the order carries no VAT.
 */
export function priceCheckout(input: {
  goodsCents: number
  shipping: { priceCents: number; label: string } | null
  payment: PaymentMethodId | null
  protection: boolean
  vouchers: VoucherRow[]
  vatExempt?: boolean
}): Pricing {
  const { goodsCents } = input
  const exempt = input.vatExempt ?? false
  const shippingCents = input.shipping?.priceCents ?? 0
  const fee = input.payment === 'cod' ? CASH_ON_DELIVERY_FEE_CENTS : 0
  const paymentFeeCents = exempt ? netCents(fee) : fee
  const declared = declaredValueCents(goodsCents)
  const protectionCents = input.protection ? protectionPriceCents(exempt) : 0
  const coupons = input.vouchers.map((voucher) => ({
    code: voucher.code,
    title: voucher.title,
    cents: voucherCents(voucher, goodsCents, exempt),
  }))
  const couponCents = Math.min(
    goodsCents,
    coupons.reduce((sum, coupon) => sum + coupon.cents, 0),
  )
  const totalCents = Math.max(
    0,
    goodsCents + shippingCents + paymentFeeCents + declared + protectionCents - couponCents,
  )
  const taxCents = exempt ? 0 : includedVatCents(totalCents)
  const line = (title: string, price: number): SummaryLine => ({ title, price })
  return {
    goodsCents,
    shippingCents,
    paymentFeeCents,
    declaredValueCents: declared,
    protectionCents,
    couponCents,
    coupons,
    totalCents,
    taxCents,
    summary: {
      total: goodsCents,
      shipping: shippingCents,
      fullTotal: totalCents,
      deliveries: [
        {
          position: 1,
          shipping: line(
            input.shipping ? `Versand: ${input.shipping.label}` : 'Versand',
            shippingCents,
          ),
          subtotal: line('Zwischensumme', goodsCents),
          tax: exempt
            ? { title: INTRA_EU_TAX_TITLE, value: 0, taxPercent: 0 }
            : { title: `inkl. ${VAT_PERCENT} % MwSt.`, value: taxCents, taxPercent: VAT_PERCENT },
          total: line('Gesamtsumme', totalCents),
          payment: input.payment
            ? line(
                input.payment === 'cod' ? 'Nachnahmegebühr' : paymentName(input.payment),
                paymentFeeCents,
              )
            : null,
          coupons: coupons.map((coupon) => line(`Gutschein ${coupon.title}`, -coupon.cents)),
          protection: input.protection
            ? line('Schutzpaket „No Risk, Much Fun“', protectionCents)
            : null,
          declaredValue: declared > 0 ? line('Wertversicherung (0,75 %)', declared) : null,
        },
      ],
    },
  }
}

/** Orders paid in advance wait for the money; everything else is processed at once. */
export function initialStatus(payment: PaymentMethodId): 'awaiting_payment' | 'processing' {
  return payment === 'moneyorder' || payment === 'cashec' ? 'awaiting_payment' : 'processing'
}

/** The payment method as the orders table names it. */
export function orderPaymentMethod(payment: PaymentMethodId) {
  const map = {
    creditcard: 'creditcard',
    saferpaycreditcard: 'creditcard',
    paypal: 'paypal',
    amazonpay: 'amazonpay',
    klarnapaylater: 'klarnapaylater',
    klarnapaynow: 'klarnapaynow',
    applepay: 'applepay',
    moneyorder: 'banktransfer',
    invoice: 'invoice',
    cod: 'cashondelivery',
    cashec: 'cashpickup',
    santanderfinanz: 'installments',
    commerzfinanz: 'financing',
  } as const
  return map[payment as keyof typeof map] ?? 'banktransfer'
}

/** What the success page and the mail say about the payment. */
export function paymentNote(payment: PaymentMethodId, orderNumber: string, totalText: string) {
  const params = { ...PAYMENT_TEXT_PARAMS, orderNumber, total: totalText }
  const text =
    payment in PAYMENT_NOTES
      ? PAYMENT_NOTES[payment as keyof typeof PAYMENT_NOTES]
      : fillText(PAYMENT_NOTES.confirmed, { method: paymentName(payment) })
  return fillText(text, params)
}
