// Contract of the checkout (storefront sections 2-9): the checkout state per session and its
// steps, payment and shipping choice, vouchers, the protection package, addresses, order
// placement with an idempotency key, and the payment flows (card with hosted fields and 3-D
// Secure, PayPal express, Amazon Pay, Klarna, Consors financing, Apple Pay).
import { z } from 'zod'
import { AddressInputSchema, AddressTypeSchema, addressSchema, CountrySchema } from './addresses.ts'
import { CartProductSchema } from './cart.ts'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { EmailSchema, INT4_MAX, int } from './fields.ts'
import { m } from './messages.de.ts'

// --- Constants (storefront section 9) ------------------------------------------------------

export const CASH_ON_DELIVERY_FEE_CENTS = 200
/** Declared value insurance: 0.75 % of the goods (in basis points: 75 / 10000). */
export const DECLARED_VALUE_BASIS_POINTS = 75
/** Goods value from which a delivery is insured at its declared value (our decision). */
export const DECLARED_VALUE_FROM_CENTS = 250_000
export const CASH_PICKUP_HOLD_WORKING_DAYS = 5
export const BANK_TRANSFER_RESERVED_DAYS = 5
export const INVOICE_TERM_DAYS = 30
export const INSTALLMENT_MONTHS = [3, 6, 12] as const
export const ZERO_FINANCING_MONTHS = [6, 9, 12] as const
export const FINANCING_MAX_MONTHS = 72
export const FINANCING_MONTHS = [6, 9, 12, 18, 24, 36, 48, 60, 72] as const
export const BUSINESS_VOUCHER_CENTS = 2000
export const BUSINESS_VOUCHER_MIN_ORDER_CENTS = 100_000
export const MAX_REDEEMABLE_COUPONS = 1
/** The protection package "no risk, much fun" (our price). */
export const PROTECTION_PACKAGE_CENTS = 999
/** Apple Pay: redirect to the success page this long after the sheet said yes. */
export const APPLE_PAY_SUCCESS_REDIRECT_MS = 3000

export const CHECKOUT_STEPS = ['login', 'address', 'payment', 'shipping', 'confirmation'] as const
export const CheckoutStepSchema = z.enum(CHECKOUT_STEPS)
export type CheckoutStep = z.infer<typeof CheckoutStepSchema>

export const CheckoutTypeSchema = z.enum([
  'guest',
  'customer',
  'lite',
  'reinit',
  'expressAmazonPayCheckoutInit',
  'expressPayPalCheckout',
])
export type CheckoutType = z.infer<typeof CheckoutTypeSchema>

/** The payment methods of storefront section 3. */
export const PaymentMethodIdSchema = z.enum([
  'moneyorder',
  'cod',
  'cashec',
  'creditcard',
  'paypal',
  'paydirekt',
  'invoice',
  'santanderfinanz',
  'commerzfinanz',
  'klarnapaylater',
  'klarnapaynow',
  'applepay',
  'amazonpay',
  'mondupaylaterhp',
  'mondudirectdebit',
  'monduinstallment',
  'aiia',
  'saferpaycreditcard',
])
export type PaymentMethodId = z.infer<typeof PaymentMethodIdSchema>

export const ShippingModuleIdSchema = z.enum(['standard', 'express', 'pickup'])
export type ShippingModuleId = z.infer<typeof ShippingModuleIdSchema>
export const DistributorIdSchema = z.enum(['dhl', 'hermes', 'dpd', 'store'])
export type DistributorId = z.infer<typeof DistributorIdSchema>

// --- State -----------------------------------------------------------------------------------

export const CheckoutAddressSchema = z.object({
  /** Address book id; 0 for an address used for this order only (wallet, light account). */
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  zipCode: z.string(),
  cityName: z.string(),
  countryId: z.number().int(),
  countryName: z.string(),
  defaultAddress: z.boolean(),
  type: AddressTypeSchema,
  postNumber: z.string(),
})
export type CheckoutAddress = z.infer<typeof CheckoutAddressSchema>

export const PaymentOptionSchema = z.object({
  id: PaymentMethodIdSchema,
  name: z.string(),
  /** The help text shown under the method. */
  helpText: z.string(),
  feeCents: z.number().int(),
  /** Months the shopper chooses from (installments, financing); empty otherwise. */
  termMonths: z.array(z.number().int()),
})
export type PaymentOption = z.infer<typeof PaymentOptionSchema>

export const ShippingModuleSchema = z.object({
  id: ShippingModuleIdSchema,
  name: z.string(),
  description: z.string(),
  shippingModules: z.array(
    z.object({
      distributorId: DistributorIdSchema,
      name: z.string(),
      priceCents: z.number().int(),
    }),
  ),
})
export type ShippingModule = z.infer<typeof ShippingModuleSchema>

export const SummaryLineSchema = z.object({ title: z.string(), price: z.number().int() })
export type SummaryLine = z.infer<typeof SummaryLineSchema>

/** Order summary of one delivery (storefront section 3). Prices in cents. */
export const DeliverySummarySchema = z.object({
  position: z.number().int(),
  shipping: SummaryLineSchema,
  subtotal: SummaryLineSchema,
  tax: z.object({ title: z.string(), value: z.number().int(), taxPercent: z.number().int() }),
  total: SummaryLineSchema,
  payment: SummaryLineSchema.nullable(),
  coupons: z.array(SummaryLineSchema),
  protection: SummaryLineSchema.nullable(),
  declaredValue: SummaryLineSchema.nullable(),
})
export type DeliverySummary = z.infer<typeof DeliverySummarySchema>

export const CheckoutSummarySchema = z.object({
  /** Goods (products and warranties). */
  total: z.number().int(),
  shipping: z.number().int(),
  /** What the shopper pays: goods, shipping, fees, protection, minus coupons. */
  fullTotal: z.number().int(),
  deliveries: z.array(DeliverySummarySchema),
})
export type CheckoutSummary = z.infer<typeof CheckoutSummarySchema>

export const CouponSchema = z.object({ code: z.string(), title: z.string(), cents: z.number() })
export const SafeCardSchema = z.object({
  alias: z.string(),
  brand: z.string(),
  maskedNumber: z.string(),
  /** MM / 20YY */
  expiry: z.string(),
})
export type SafeCard = z.infer<typeof SafeCardSchema>

export const CheckoutStateSchema = z.object({
  /** Null on success; a tolerated problem (no_shipping_available, checkout_no_payments). */
  error: z.string().nullable(),
  type: CheckoutTypeSchema,
  step: CheckoutStepSchema,
  isLoggedIn: z.boolean(),
  isLightAccount: z.boolean(),
  customerType: z.enum(['private', 'business']).nullable(),
  email: z.string().nullable(),
  invoiceData: CheckoutAddressSchema.nullable(),
  delivery: CheckoutAddressSchema.nullable(),
  /** The customer's delivery addresses (address book). */
  addresses: z.array(CheckoutAddressSchema),
  deliveryAddressEditable: z.boolean(),
  invoiceAddressEditable: z.boolean(),
  mandatoryDeliveryAddress: z.boolean(),
  /** The billing country every delivery goes to (storefront §5), null before an invoice address. */
  deliveryCountryLockedTo: z.number().int().nullable(),
  deliveryAllowedCountries: z.array(CountrySchema),
  deliveryRestrictedProductIds: z.array(z.number().int()),
  billingRestrictedProductIds: z.array(z.number().int()),
  payment: PaymentMethodIdSchema.nullable(),
  paymentTermMonths: z.number().int().nullable(),
  payments: z.array(PaymentOptionSchema),
  modules: z.array(ShippingModuleSchema),
  shipping: z
    .object({ moduleId: ShippingModuleIdSchema, distributorId: DistributorIdSchema })
    .nullable(),
  products: z.array(CartProductSchema),
  productsCount: z.number().int(),
  coupons: z.array(CouponSchema),
  maxRedeemableCoupons: z.number().int(),
  taxValue: z.number().int(),
  /**
   * VAT of this checkout (issue 20): 'exempt' – a tax-free intra-EU supply, every amount net;
   * 'unconfirmed' – a business customer abroad whose VAT id the register did not confirm (VAT
   * charged, `note` says why); 'standard' otherwise.
   */
  vat: z.object({
    kind: z.enum(['standard', 'exempt', 'unconfirmed']),
    vatId: z.string().nullable(),
    note: z.string().nullable(),
  }),
  noRiskMuchFun: z.object({
    available: z.boolean(),
    selected: z.boolean(),
    priceCents: z.number().int(),
  }),
  paylater: z.boolean(),
  paynow: z.boolean(),
  creditCard: SafeCardSchema.extend({ save: z.boolean() }).nullable(),
  creditCardAliases: z.array(SafeCardSchema),
  summary: CheckoutSummarySchema,
  whiteLabel: z.boolean(),
  /**
   * Free pick-up of an old device at delivery (§ 17 (1) sentences 2-3 ElektroG): asked when the
   * order holds a large appliance (`productIds`); `selected` null until the shopper answers.
   */
  oldDeviceTakeBack: z.object({
    asked: z.boolean(),
    productIds: z.array(z.number().int()),
    selected: z.boolean().nullable(),
  }),
})
export type CheckoutState = z.infer<typeof CheckoutStateSchema>

// --- Error codes (storefront section 8) ------------------------------------------------------

const DELIVERY_ADDRESS_CODES = [
  'checkout_delivery_address_invalid',
  'checkout_delivery_address_full_name_too_long',
  ...(['street', 'street_number', 'postcode', 'city', 'firstname', 'lastname'] as const).flatMap(
    (field) =>
      (['missing', 'too_short', 'too_long', 'invalid'] as const).map(
        (problem) => `checkout_delivery_address_${field}_${problem}` as const,
      ),
  ),
] as const
export const DeliveryAddressCodeSchema = z.enum(
  DELIVERY_ADDRESS_CODES as unknown as [
    'checkout_delivery_address_invalid',
    ...(typeof DELIVERY_ADDRESS_CODES)[number][],
  ],
)

export const InitErrorSchema = z.enum(['cart_empty', 'customer_ust_id', 'init_error'])
export const CountryErrorSchema = z.enum([
  'checkout_delivery_country_not_allow',
  'checkout_delivery_country_not_found',
  'checkout_products_germany_only',
])
export const PaymentChoiceErrorSchema = z.enum([
  'checkout_payment_method_not_available_for_delivery_country',
  'payment_method_unsupported',
  'no_shipping_available',
  'init_error',
])
export const VoucherErrorSchema = z.enum([
  'voucher_invalid',
  'voucher_limit_reached',
  'voucher_min_order',
  'voucher_used_up',
  'voucher_not_for_customer',
  'voucher_not_found',
  'init_error',
])
/** A voucher refusal; `params` fill the message's placeholders (`{max}` of voucher_limit_reached). */
export const VoucherErrorBody = errorBody(VoucherErrorSchema).extend({
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})
export const ProcessErrorSchema = z.enum([
  'cart_empty',
  'init_error',
  'customer_ust_id',
  'checkout_no_payments',
  'checkout_login_required',
  'checkout_address_missing',
  'checkout_payment_missing',
  'checkout_payment_method_not_available_for_delivery_country',
  'checkout_delivery_country_not_allow',
  'checkout_delivery_country_not_found',
  'checkout_products_germany_only',
  'checkout_out_of_stock',
  'checkout_cart_changed',
  'checkout_payment_pending',
  'checkout_take_back_choice_missing',
  'voucher_used_up',
  'voucher_min_order',
  'voucher_invalid',
  'voucher_not_for_customer',
  'card_missing',
  'card_declined',
  'card_expired',
  'card_alias_unknown',
  'credit_card_verification_failed',
  'payment_declined',
  'payment_cancelled',
  'payment_expired',
  'payment_failed',
  'apple_pay_token_invalid',
  'apple_pay_unavailable',
  'paypal_init_failed',
  'amazon_pay_init_failed',
  'paypal_address_unusable',
  'amazon_pay_address_unusable',
  'idempotency_conflict',
])
export type ProcessError = z.infer<typeof ProcessErrorSchema>

const ProcessErrorBody = errorBody(ProcessErrorSchema).extend({ type: z.literal('error') })

// --- Bodies and answers ---------------------------------------------------------------------

/** The client's key for one order attempt (a UUID); the same key twice is one order. */
export const IdempotencyKeySchema = z
  .string({ required_error: m('required') })
  .trim()
  .min(16, m('invalid'))
  .max(100, m('invalid'))
  .regex(/^[\w-]+$/, m('invalid'))

/** Consent data the process calls carry (storefront section 7). */
const ConsentDataSchema = z
  .object({ affiliate: z.string().max(100).nullable().optional() })
  .optional()

export const ProcessBodySchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
  /** After a wallet's return: its token (the session stays pending until then). */
  paymentToken: z.string().max(200).optional(),
  /** Klarna's authorization token from the return URL. */
  authorizationToken: z.string().max(500).optional(),
  consent: ConsentDataSchema,
})
export type ProcessBody = z.infer<typeof ProcessBodySchema>

/** What /kasse/erfolgreich shows. */
export const PlacedOrderSchema = z.object({
  orderNumber: z.string(),
  email: z.string(),
  paymentMethod: PaymentMethodIdSchema,
  paymentName: z.string(),
  /** What happens next with the payment (bank details, pickup, invoice term). */
  paymentNote: z.string(),
  totalCents: z.number().int(),
  placedAsGuest: z.boolean(),
})
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>

/** The success page's order: what was ordered, where it goes, how it is paid, when it comes. */
export const LastOrderSchema = PlacedOrderSchema.extend({
  items: z.array(
    z.object({
      name: z.string(),
      articleNumber: z.string(),
      quantity: z.number().int(),
      totalCents: z.number().int(),
      imageUrl: z.string().nullable(),
    }),
  ),
  deliveryAddress: CheckoutAddressSchema.omit({ id: true, defaultAddress: true }).nullable(),
  shippingLabel: z.string().nullable(),
  /** Expected delivery, e.g. "Lieferung in 1-3 Werktagen" (our shipping modules' texts). */
  expectedDelivery: z.string().nullable(),
})
export type LastOrder = z.infer<typeof LastOrderSchema>

export const ProcessResultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('redirect'),
    error: z.null(),
    redirectUrl: z.string(),
    /** Set when the order was placed (redirectUrl is the success page). */
    order: PlacedOrderSchema.nullable(),
  }),
  z.object({
    type: z.literal('consors_finance'),
    error: z.null(),
    formUrl: z.string(),
    formData: z.record(z.string(), z.string()),
  }),
  z.object({
    type: z.literal('amazon_pay_express'),
    error: z.null(),
    amazonPay: z.lazy(() => AmazonPayButtonSchema),
  }),
])
export type ProcessResult = z.infer<typeof ProcessResultSchema>

export const SuccessfulRedirectSchema = z.object({
  successful: z.literal(true),
  redirectUrl: z.string(),
  order: PlacedOrderSchema.nullable(),
})

export const AmazonPayButtonSchema = z.object({
  merchantId: z.string(),
  publicKeyId: z.string(),
  ledgerCurrency: z.literal('EUR'),
  checkoutLanguage: z.literal('de_DE'),
  productType: z.enum(['PayAndShip', 'PayOnly']),
  placement: z.enum(['Cart', 'Checkout']),
  payloadJSON: z.string(),
  signature: z.string(),
  checkoutUrl: z.string(),
})

export const WalletDetailsSchema = z.object({
  successful: z.literal(true),
  payer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  address: CheckoutAddressSchema.nullable(),
  state: CheckoutStateSchema,
})

const ApplePayMerchantSessionSchema = z
  .object({
    epochTimestamp: z.number(),
    expiresAt: z.number(),
    merchantSessionIdentifier: z.string(),
    nonce: z.string(),
    merchantIdentifier: z.string(),
    domainName: z.string(),
    displayName: z.string(),
    signature: z.string(),
    sheetUrl: z.string().optional(),
  })
  .passthrough()

export const PaymentShippingBodySchema = z.object({
  payment: PaymentMethodIdSchema.optional(),
  paymentTermMonths: int(1, FINANCING_MAX_MONTHS).optional(),
  moduleId: ShippingModuleIdSchema.optional(),
  distributorId: DistributorIdSchema.optional(),
})
export type PaymentShippingBody = z.input<typeof PaymentShippingBodySchema>

const VoucherCodeSchema = z
  .string({ required_error: m('required') })
  .trim()
  .min(1, m('required'))
  .max(40, m('max_length', { length: 40 }))

/** Redeem and remove: the voucher's code (the checkout's voucher form validates with it). */
export const VoucherBodySchema = z.object({ voucherCode: VoucherCodeSchema })
export type VoucherBody = z.infer<typeof VoucherBodySchema>

/**
 * The checkout's guest form (storefront section 2): the e-mail address and the billing address
 * under the checkout's address rules. Its values are the body of `account.registerGuest` for a
 * private guest (the server checks them again with `RegisterGuestBodySchema`).
 */
export const GuestCheckoutSchema = z
  .object({ email: EmailSchema })
  .and(addressSchema({ flow: 'checkout', kind: 'billing', customerType: 'private' }))
export type GuestCheckoutValues = z.output<typeof GuestCheckoutSchema>

const NotFound = errorBody(z.enum(['not_found']))

export const checkoutContract = c.router({
  init: {
    method: 'POST',
    path: '/api/checkout/init',
    body: z.object({ type: CheckoutTypeSchema.optional() }).optional(),
    responses: { 200: CheckoutStateSchema, 422: errorBody(InitErrorSchema) },
    summary:
      'Start the checkout: state, steps and type (checkout_no_payments tolerated: error field)',
  },
  data: {
    method: 'POST',
    path: '/api/checkout/data',
    body: c.noBody(),
    responses: { 200: CheckoutStateSchema, 422: errorBody(InitErrorSchema) },
    summary: 'The checkout state of the session (storefront section 3)',
  },
  reInit: {
    method: 'POST',
    path: '/api/checkout/re-init',
    body: c.noBody(),
    responses: { 200: CheckoutStateSchema, 422: errorBody(InitErrorSchema) },
    summary: 'Re-init after a change elsewhere (no_shipping_available tolerated: error field)',
  },
  paymentShipping: {
    method: 'POST',
    path: '/api/checkout/payment-shipping',
    body: PaymentShippingBodySchema,
    responses: { 200: CheckoutStateSchema, 422: errorBody(PaymentChoiceErrorSchema) },
    summary: 'Change payment and/or shipping (sent only when one changed)',
  },
  oldDeviceTakeBack: {
    method: 'POST',
    path: '/api/checkout/old-device-take-back',
    body: z.object({ takeBack: z.boolean() }),
    responses: { 200: CheckoutStateSchema, 422: errorBody(z.enum(['init_error'])) },
    summary: 'Answer whether the old device is picked up free at delivery (ElektroG § 17)',
  },
  noRiskMuchFun: {
    method: 'POST',
    path: '/api/checkout/no-risk-much-fun',
    body: z.object({ selected: z.boolean() }),
    responses: { 200: CheckoutStateSchema, 422: errorBody(z.enum(['init_error'])) },
    summary: 'Add or remove the protection package ("no risk, much fun")',
  },
  voucher: {
    method: 'POST',
    path: '/api/checkout/voucher',
    body: VoucherBodySchema,
    responses: { 200: CheckoutStateSchema, 422: VoucherErrorBody },
    summary: 'Redeem a voucher (at most maxRedeemableCoupons)',
  },
  voucherRemove: {
    method: 'POST',
    path: '/api/checkout/voucher-remove',
    body: VoucherBodySchema,
    responses: { 200: CheckoutStateSchema, 422: errorBody(VoucherErrorSchema) },
    summary: 'Remove a redeemed voucher',
  },
  changeDeliveryAddress: {
    method: 'POST',
    path: '/api/checkout/change-delivery-address',
    body: z.object({ deliveryAddressId: int(0, INT4_MAX) }),
    responses: {
      200: CheckoutStateSchema,
      401: SoftLoginRequiredSchema,
      404: NotFound,
      422: errorBody(CountryErrorSchema),
    },
    summary: 'Deliver to an address of the address book (0: the invoice address)',
  },
  changeInvoiceAddress: {
    method: 'POST',
    path: '/api/checkout/change-invoice-address',
    body: AddressInputSchema,
    responses: {
      200: CheckoutStateSchema,
      401: SoftLoginRequiredSchema,
      422: errorBody(
        z.enum(['checkout_address_save_failed', 'customer_ust_id', 'init_error']),
      ).extend({ errorFields: z.record(z.string(), z.string()) }),
    },
    summary: 'Change the invoice address (not for locked business or Campus addresses)',
  },
  addDeliveryAddress: {
    method: 'POST',
    path: '/api/checkout/add-delivery-address',
    body: AddressInputSchema,
    responses: {
      200: CheckoutStateSchema,
      401: SoftLoginRequiredSchema,
      422: errorBody(
        z.union([DeliveryAddressCodeSchema, CountryErrorSchema, z.enum(['init_error'])]),
      ).extend({ errorFields: z.record(z.string(), z.string()) }),
    },
    summary: 'Add a delivery address and deliver there (storefront section 5 rules)',
  },
  customerAddresses: {
    method: 'POST',
    path: '/api/checkout/customer-addresses',
    body: c.noBody(),
    responses: {
      200: z.object({
        invoiceAddress: CheckoutAddressSchema.nullable(),
        addresses: z.array(CheckoutAddressSchema),
      }),
      401: SoftLoginRequiredSchema,
    },
    summary: "The customer's invoice and delivery addresses for the address step",
  },
  process: {
    method: 'POST',
    path: '/api/checkout/process',
    body: ProcessBodySchema,
    responses: { 200: ProcessResultSchema, 422: ProcessErrorBody },
    summary: 'Place the order (redirect, consors_finance, amazon_pay_express, error)',
  },
  processAmazonPayExpress: {
    method: 'POST',
    path: '/checkout/process-amazon-pay-express',
    body: ProcessBodySchema.extend({ paymentToken: z.string().min(1).max(200) }),
    responses: { 200: SuccessfulRedirectSchema, 422: ProcessErrorBody },
    summary: 'Place the order after Amazon Pay (successful, redirectUrl)',
  },
  processKlarna: {
    method: 'POST',
    path: '/checkout/process-klarna',
    body: ProcessBodySchema.extend({
      klarnaSessionId: z.string().min(1).max(200),
      authorizationToken: z.string().min(1).max(500),
    }),
    responses: { 200: SuccessfulRedirectSchema, 422: ProcessErrorBody },
    summary: 'Place the order after Klarna (authorizationToken, consent)',
  },
  updateKlarnaSession: {
    method: 'POST',
    path: '/api/checkout/update-klarna-session',
    body: z.object({
      klarnaSessionId: z.string().min(1).max(200),
      paymentMethod: z.enum(['klarnapaylater', 'klarnapaynow']),
    }),
    responses: {
      200: z.object({ successful: z.literal(true) }),
      422: errorBody(z.enum(['payment_failed'])),
    },
    summary: 'Switch the Klarna category of an open session',
  },
  processCreditCard: {
    method: 'POST',
    path: '/checkout/process-credit-card',
    body: ProcessBodySchema.extend({ paymentId: z.string().min(1).max(100) }),
    responses: { 200: SuccessfulRedirectSchema, 422: ProcessErrorBody },
    summary: 'Place the order after the 3-D Secure page (paymentId of the return URL)',
  },
  paymentCreditCard: {
    method: 'POST',
    path: '/checkout/payment-credit-card',
    body: ProcessBodySchema,
    responses: { 200: SuccessfulRedirectSchema, 422: ProcessErrorBody },
    summary: 'Card payment step: authorize the selected card (3-D Secure page or success)',
  },
  initConsorsFinance: {
    method: 'POST',
    path: '/api/checkout/init-consors-finance',
    body: ProcessBodySchema,
    responses: {
      200: z.object({
        successful: z.literal(true),
        formUrl: z.string(),
        formData: z.record(z.string(), z.string()),
      }),
      422: ProcessErrorBody,
    },
    summary: 'The Consors financing application form (formData, formUrl)',
  },
  getPaymentRedirectUrl: {
    method: 'POST',
    path: '/api/checkout/get-payment-redirect-url',
    body: ProcessBodySchema,
    responses: { 200: z.object({ url: z.string() }), 422: ProcessErrorBody },
    summary: 'The wallet page of the chosen payment method (PayPal, Amazon Pay, Klarna)',
  },
  getCreditCardFields: {
    method: 'POST',
    path: '/api/checkout/get-credit-card-fields',
    body: c.noBody(),
    responses: {
      200: z.object({
        creditCard: z.object({
          sessionId: z.string(),
          fieldsUrl: z.string(),
          checkUrl: z.string(),
        }),
        creditCardAlias: z.array(SafeCardSchema),
        selectedCreditCard: z.string().nullable(),
        errors: z.array(z.string()),
      }),
      401: SoftLoginRequiredSchema,
    },
    summary: 'Hosted card fields (provider iframe) and the stored cards',
  },
  saveCreditCard: {
    method: 'POST',
    path: '/api/checkout/save-credit-card',
    body: z.object({
      alias: z.string().min(1).max(100),
      save: z.boolean().optional().default(false),
    }),
    responses: {
      200: z.object({ successful: z.literal(true), alias: z.string(), card: SafeCardSchema }),
      401: SoftLoginRequiredSchema,
      422: errorBody(z.enum(['card_alias_unknown', 'card_expired'])),
    },
    summary: 'Use the card the hosted fields checked (alias) and maybe keep it for later',
  },
  selectCreditCard: {
    method: 'POST',
    path: '/api/checkout/select-credit-card',
    body: z.object({ alias: z.string().min(1).max(100) }),
    responses: { 200: CheckoutStateSchema, 401: SoftLoginRequiredSchema, 404: NotFound },
    summary: 'Pay with a stored card',
  },
  paypalInit: {
    method: 'POST',
    path: '/kasse/paypal/init',
    body: z.object({ idempotencyKey: IdempotencyKeySchema }),
    responses: {
      200: z.object({ redirectUrl: z.string() }),
      422: ProcessErrorBody,
    },
    summary: 'PayPal express from the cart: the PayPal page (redirectUrl)',
  },
  paypalCheckoutDetails: {
    method: 'POST',
    path: '/api/paypal/checkout-details',
    body: z.object({ token: z.string().min(1).max(200) }),
    responses: { 200: WalletDetailsSchema, 422: ProcessErrorBody },
    summary: 'After PayPal express: payer and shipping address into the checkout',
  },
  amazonPayCheckoutDetails: {
    method: 'POST',
    path: '/api/amazonpay/checkout-details',
    body: z.object({ token: z.string().min(1).max(200) }),
    responses: { 200: WalletDetailsSchema, 422: ProcessErrorBody },
    summary: 'After Amazon Pay express: payer and shipping address into the checkout',
  },
  amazonPayInit: {
    method: 'POST',
    path: '/api/amazonpay/init',
    body: z.object({ idempotencyKey: IdempotencyKeySchema }),
    responses: { 200: z.object({ amazonPay: AmazonPayButtonSchema }), 422: ProcessErrorBody },
    summary: 'Amazon Pay express from the cart: the signed button payload',
  },
  amazonPayPaymentContext: {
    method: 'POST',
    path: '/api/checkout/amazon-pay/payment-context',
    body: c.noBody(),
    responses: {
      200: z.object({
        amountCents: z.number().int(),
        currency: z.literal('EUR'),
        productType: z.enum(['PayAndShip', 'PayOnly']),
        placement: z.enum(['Cart', 'Checkout']),
      }),
      422: ProcessErrorBody,
    },
    summary: 'Amazon Pay payment context: amount and product type of the button',
  },
  amazonPayButtonPayload: {
    method: 'POST',
    path: '/api/checkout/amazon-pay/button-payload',
    body: z.object({ idempotencyKey: IdempotencyKeySchema }),
    responses: { 200: z.object({ amazonPay: AmazonPayButtonSchema }), 422: ProcessErrorBody },
    summary: 'Additional Amazon Pay button payload for the checkout (signed)',
  },
  applePayInit: {
    method: 'GET',
    path: '/kasse/applepay/init',
    responses: {
      200: z.object({
        applePayMerchantSession: ApplePayMerchantSessionSchema,
        paymentRequest: z.object({}).passthrough(),
        summary: z.object({ fullTotal: z.number().int() }),
      }),
      422: ProcessErrorBody,
    },
    summary: 'Apple Pay merchant session and payment request',
  },
  applePayProcess: {
    method: 'POST',
    path: '/kasse/applepay/process',
    body: ProcessBodySchema.extend({ paymentData: z.unknown() }),
    responses: { 200: SuccessfulRedirectSchema, 422: ProcessErrorBody },
    summary: 'Apple Pay payment token: place the order (success redirect after 3000 ms)',
  },
  lastOrder: {
    method: 'GET',
    path: '/api/checkout/last-order',
    responses: { 200: LastOrderSchema, 404: NotFound },
    summary: 'The order this session just placed (/kasse/erfolgreich)',
  },
})
