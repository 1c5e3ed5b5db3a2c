// The cart (storefront sections 2-4, 7-9): the cart actions of the page (add, quantity, warranty,
// removal), the cart as the page, the header and the checkout read it, the empty-cart template,
// the express payment buttons, and the shipping rule the checkout reuses.
import { z } from 'zod'
import { ADD_TO_CART_FORM_PATH, CART_PAGE_PATH } from './cart-paths.ts'
import { c, ErrorSchema, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import { id, int, textId, textInt } from './fields.ts'
import { EnergyEfficiencySchema } from './header.ts'
import { PAYMENT_METHOD_NAMES } from './payments.de.ts'

// --- Money rules ----------------------------------------------------------------------------

/** German VAT rate; prices include it. */
export const VAT_PERCENT = 19
/** Standard parcel within Germany (the shipping info page: "ab 4,99 €"). */
export const STANDARD_SHIPPING_CENTS = 499
/** From this order value (products and warranties, VAT included) shipping is free. */
export const FREE_SHIPPING_FROM_CENTS = 9900

/** Shipping for an order value: free for an empty cart and from 99 €, else 4,99 €. */
export function shippingCentsFor(subtotalCents: number): number {
  if (subtotalCents <= 0 || subtotalCents >= FREE_SHIPPING_FROM_CENTS) return 0
  return STANDARD_SHIPPING_CENTS
}

/** The VAT contained in a gross amount, rounded half up to whole cents. */
export function includedVatCents(grossCents: number): number {
  return Math.round((grossCents * VAT_PERCENT) / (100 + VAT_PERCENT))
}

/** A gross amount without its VAT (the net price), rounded half up to whole cents. */
export function netCents(grossCents: number): number {
  return Math.round((grossCents * 100) / (100 + VAT_PERCENT))
}

/** Products per cart (different products; quantities do not count). Guards against abuse. */
export const CART_MAX_LINES = 50
/** What one request may ask for; the product's stock and per-order maximum cap it further. */
export const CART_MAX_REQUEST_QUANTITY = 999

// --- Shapes -----------------------------------------------------------------------------------

const IdSchema = id()
const QuantitySchema = int(1, CART_MAX_REQUEST_QUANTITY)

export const CartWarrantySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  months: z.number().int(),
  priceCents: z.number().int(),
})
export type CartWarranty = z.infer<typeof CartWarrantySchema>

/** The chosen warranty: a child line of its product, with the product's quantity. */
export const CartWarrantyLineSchema = CartWarrantySchema.extend({
  quantity: z.number().int(),
  totalCents: z.number().int(),
})
export type CartWarrantyLine = z.infer<typeof CartWarrantyLineSchema>

/** A product in the cart (storefront section 3). Money in cents; `price` also as German text. */
export const CartProductSchema = z.object({
  id: z.number().int(),
  articleNumber: z.string(),
  name: z.string(),
  /** The manufacturer, shown above the name. */
  baseName: z.string(),
  url: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  /** Upper bound of the quantity field: stock and the per-order maximum (0 when sold out). */
  quantityLimit: z.number().int(),
  /** False when the product is sold out: it stays in the cart but is not counted or sold. */
  available: z.boolean(),
  /** Delivery time as shown (issue 20): "Lieferzeit: 3–5 Werktage" or the standard. */
  deliveryTime: z.string(),
  /** The unit price charged: the Campus price when the product is in the cart as one. */
  priceCents: z.number().int(),
  price: z.string(),
  /** Unit price times quantity (without the warranty). */
  totalCents: z.number().int(),
  /** The catalog's 30-day comparison price (§ 11 PAngV, see ProductTile); null: none. */
  strikeThroughPriceCents: z.number().int().nullable(),
  recommendedRetailPriceCents: z.number().int().nullable(),
  /** Saving against that comparison price per piece. */
  priceDiscountCents: z.number().int(),
  priceDiscountPercent: z.number().int(),
  /** The Campus price; sent to Campus members only. */
  studentPriceCents: z.number().int().nullable(),
  inCartAsStudentProduct: z.boolean(),
  energyEfficiency: EnergyEfficiencySchema.nullable(),
  /** Warranty extensions offered for the product (the radios). */
  warranties: z.array(CartWarrantySchema),
  warranty: CartWarrantyLineSchema.nullable(),
})
export type CartProduct = z.infer<typeof CartProductSchema>

/** Price summary: subtotal (products and warranties), shipping, total, VAT included in it. */
export const CartSummarySchema = z.object({
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
  taxPercent: z.number().int(),
  taxCents: z.number().int(),
  /** Shipping is free from this order value; what is missing to reach it (0 when reached). */
  freeShippingFromCents: z.number().int(),
  missingForFreeShippingCents: z.number().int(),
})
export type CartSummary = z.infer<typeof CartSummarySchema>

/** Storefront section 3: productInfo (for tracking: price and discount per product). */
export const CartProductInfoSchema = z.object({
  productId: z.number().int(),
  price: z.string(),
  priceCents: z.number().int(),
  priceDiscountPercent: z.number().int(),
  hasBundle: z.boolean(),
})

export const CartStateSchema = z.object({
  products: z.array(CartProductSchema),
  /** Pieces of the available products (the header's counter). */
  cartCount: z.number().int(),
  productInfo: z.array(CartProductInfoSchema),
  cartSummary: CartSummarySchema,
})
export type CartState = z.infer<typeof CartStateSchema>

/** The answer of every cart action; `maxQuantity` only when the request was capped. */
export const CartActionResultSchema = CartStateSchema.extend({
  maxQuantity: z.number().int().optional(),
})
export type CartActionResult = z.infer<typeof CartActionResultSchema>

export const FlashMessageSchema = z.object({
  kind: z.enum(['info', 'error']),
  code: z.string(),
  message: z.string(),
})
export type FlashMessage = z.infer<typeof FlashMessageSchema>

/** GET /cart: the cart and the server's flash messages (shown once, in the banner). */
export const CartPageSchema = CartStateSchema.extend({
  flashMessages: z.array(FlashMessageSchema),
})
export type CartPage = z.infer<typeof CartPageSchema>

/** GET /api/cart: the cart as the checkout reads it. */
export const CheckoutCartSchema = z.object({
  products: z.array(CartProductSchema),
  summary: CartSummarySchema,
  productsCount: z.number().int(),
})
export type CheckoutCart = z.infer<typeof CheckoutCartSchema>

export const EXPRESS_PAYMENTS = [
  { id: 'applepay', name: PAYMENT_METHOD_NAMES.applepay },
  { id: 'paypal', name: PAYMENT_METHOD_NAMES.paypal },
  { id: 'amazonpay', name: PAYMENT_METHOD_NAMES.amazonpay },
] as const
export type ExpressPaymentId = (typeof EXPRESS_PAYMENTS)[number]['id']
const ExpressPaymentIdSchema = z.enum(['applepay', 'paypal', 'amazonpay'])

export const ExpressPaymentsSchema = z.object({
  expressPayments: z.array(z.object({ id: ExpressPaymentIdSchema, name: z.string() })),
})
export type ExpressPayments = z.infer<typeof ExpressPaymentsSchema>

export const AddToCartBodySchema = z.object({
  id: IdSchema,
  quantity: QuantitySchema.default(1),
  /** A warranty of the product, chosen on the product page. */
  warrantyId: IdSchema.nullish(),
})
export type AddToCartBody = z.input<typeof AddToCartBodySchema>

/**
 * The same as a plain HTML form (the button's form, sent by the browser itself when the page's
 * script has not run yet or is off): the fields arrive as text.
 */
export const AddToCartFormSchema = z.object({
  id: textId(),
  quantity: textInt(1, CART_MAX_REQUEST_QUANTITY).default(1),
  warrantyId: textId().optional(),
})

export const ChangeQuantityBodySchema = z.object({ id: IdSchema, quantity: QuantitySchema })
export const RemoveBodySchema = z.object({ id: IdSchema })
/** warrantyId null removes the warranty. */
export const SetWarrantyBodySchema = z.object({ id: IdSchema, warrantyId: IdSchema.nullable() })

const AddErrorSchema = errorBody(z.enum(['cart_product_unavailable', 'cart_full']))
const UnavailableSchema = errorBody(z.enum(['cart_product_unavailable']))

const CART = 'storefront §2 cart page, §3 cart, §4 quantity change, §7 cart calls'

export const cartContract = c.router({
  getCart: {
    method: 'GET',
    path: '/cart',
    responses: { 200: CartPageSchema },
    summary: `The cart with its flash messages; a browser navigation (Accept: text/html) is redirected to /warenkorb (${CART})`,
  },
  addToCart: {
    method: 'POST',
    path: '/cart/add/',
    body: AddToCartBodySchema,
    responses: { 200: CartActionResultSchema, 404: ErrorSchema, 422: AddErrorSchema },
    summary: `Add a product (quantities add up, capped by stock and the per-order maximum: maxQuantity) (${CART})`,
  },
  addToCartForm: {
    method: 'POST',
    path: ADD_TO_CART_FORM_PATH,
    contentType: 'application/x-www-form-urlencoded',
    body: AddToCartFormSchema,
    responses: { 303: c.noBody() },
    summary: `"In den Warenkorb" as an HTML form (before the page's script runs, or without it): adds like /cart/add/ and answers 303 to ${CART_PAGE_PATH}, whose banner says what happened (${CART})`,
  },
  changeQuantity: {
    method: 'POST',
    path: '/cart/change-quantity/',
    body: ChangeQuantityBodySchema,
    responses: {
      200: CartActionResultSchema,
      401: SoftLoginRequiredSchema,
      404: ErrorSchema,
      422: UnavailableSchema,
    },
    summary: `Set a product's quantity (capped: maxQuantity); soft logins get 401 soft_login_required (${CART}, §6)`,
  },
  removeFromCart: {
    method: 'POST',
    path: '/cart/remove/',
    body: RemoveBodySchema,
    responses: { 200: CartActionResultSchema, 401: SoftLoginRequiredSchema, 404: ErrorSchema },
    summary: `Remove a product and its warranty; soft logins get 401 soft_login_required (${CART}, §6)`,
  },
  setWarranty: {
    method: 'POST',
    path: '/cart/warranty/',
    body: SetWarrantyBodySchema,
    responses: { 200: CartActionResultSchema, 404: ErrorSchema },
    summary: `Choose (or with null remove) the warranty of a product in the cart (${CART})`,
  },
  getEmptyCartTemplate: {
    method: 'GET',
    path: '/cart/get-empty-cart-template/',
    responses: { 200: c.otherResponse({ contentType: 'text/html', body: z.string() }) },
    summary: 'The empty-cart template as HTML (storefront §2, §4, §8)',
  },
  getCheckoutCart: {
    method: 'GET',
    path: '/api/cart',
    responses: { 200: CheckoutCartSchema },
    summary: 'The cart for the checkout: products, summary, productsCount (storefront §3, §7)',
  },
  removeQuantity: {
    method: 'POST',
    path: '/api/cart/remove/:quantity',
    pathParams: z.object({ quantity: textInt(1, CART_MAX_REQUEST_QUANTITY) }),
    body: RemoveBodySchema,
    responses: { 200: CartActionResultSchema, 401: SoftLoginRequiredSchema, 404: ErrorSchema },
    summary: `Remove {quantity} pieces of a product (the line goes at 0); soft logins get 401 (${CART}, §6)`,
  },
  getExpressPayments: {
    method: 'GET',
    path: '/cart/express-payments',
    responses: { 200: ExpressPaymentsSchema },
    summary: 'The express payment buttons of the cart (none for an empty cart) (storefront §2, §7)',
  },
  getExpressPaymentNames: {
    method: 'GET',
    path: '/api/checkout/express-payment-names',
    responses: { 200: z.object({ expressPaymentsList: z.array(ExpressPaymentIdSchema) }) },
    summary: 'The express payment methods: applepay, paypal, amazonpay (storefront §7)',
  },
})

/** The standard delivery time of products in stock without their own (product page, cart). */
export const STANDARD_DELIVERY_TIME = '1–2 Werktage'

/** How a product's delivery time reads in the cart and at checkout (issue 20). */
export function deliveryTimeText(available: boolean, deliveryTime: string | null): string {
  if (!available) return 'Liefertermin unbekannt'
  return `Lieferzeit: ${deliveryTime?.trim() || STANDARD_DELIVERY_TIME}`
}
