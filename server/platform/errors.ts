// One table from error code to HTTP status (STYLE.md §4): handlers answer `respond(code)` and
// never pick a status by hand. errors.test.ts walks the contract and checks that every route
// declares each code under the status this table gives it.
import type { Response } from 'express'
import { DeliveryAddressCodeSchema } from '#contract/checkout.ts'
import { type MessageCode, type MessageParams, translate } from '#contract/messages.de.ts'
import { errorJson } from './http.ts'

type DeliveryAddressCode = (typeof DeliveryAddressCodeSchema.options)[number]

/** The 26 field codes of the checkout's delivery address form: each a 422. */
const DELIVERY_ADDRESS_STATUS = Object.fromEntries(
  DeliveryAddressCodeSchema.options.map((code) => [code, 422]),
) as Record<DeliveryAddressCode, 422>

/** Every error code the server answers, with its status. */
export const ERROR_STATUS = {
  // 400: the request failed the contract.
  validation_failed: 400,

  // 401: no (full) session.
  unauthorized: 401,
  soft_login_required: 401,
  staff_unauthorized: 401,

  // 403: blocked.
  forbidden: 403,
  login_blocked: 403,
  origin_forbidden: 403,
  staff_forbidden: 403,
  campus_not_for_business: 403,

  // 404: missing or not yours.
  not_found: 404,
  campus_document_missing: 404,
  // The public withdrawal page: a wrong order number or e-mail, one answer (issue 19).
  withdrawal_order_not_found: 404,

  // 409: conflict with the current state (back office).
  campus_application_not_pending: 409,
  backoffice_cancel_not_allowed: 409,
  backoffice_mail_not_resendable: 409,
  backoffice_not_blocked: 409,
  backoffice_status_not_allowed: 409,
  backoffice_voucher_code_taken: 409,
  backoffice_article_number_taken: 409,
  backoffice_ean_taken: 409,
  backoffice_product_changed: 409,
  backoffice_category_slug_taken: 409,
  backoffice_brand_taken: 409,
  backoffice_brand_in_use: 409,
  backoffice_pictures_changed: 409,
  return_status_not_allowed: 409,
  refund_status_not_allowed: 409,
  review_exists: 409,
  review_status_not_allowed: 409,

  // 413: body too large.
  payload_too_large: 413,

  // 429: too many attempts.
  rate_limited: 429,
  review_too_soon: 429,
  review_comment_too_soon: 429,

  // 500 / 503: bug, or a required part is away.
  general_error: 500,
  service_unavailable: 503,

  // 422: a domain rule said no.
  account_email_in_use: 422,
  account_new_email_invalid: 422,
  account_password_invalid: 422,
  action_not_allow_for_student: 422,
  address_billing_exists: 422,
  address_billing_locked_business: 422,
  address_billing_locked_campus: 422,
  address_billing_missing: 422,
  address_default_not_deletable: 422,
  address_delete_failed: 422,
  address_delivery_country_locked: 422,
  address_light_account: 422,
  address_limit_reached: 422,
  address_save_failed: 422,
  amazon_pay_address_unusable: 422,
  amazon_pay_init_failed: 422,
  apple_pay_token_invalid: 422,
  apple_pay_unavailable: 422,
  backoffice_not_business: 422,
  backoffice_owner_required: 422,
  backoffice_range_invalid: 422,
  backoffice_reset_not_possible: 422,
  backoffice_category_invalid: 422,
  backoffice_category_has_products: 422,
  backoffice_category_parent_invalid: 422,
  backoffice_category_move_cycle: 422,
  backoffice_category_before_invalid: 422,
  backoffice_category_filter_invalid: 422,
  catalog_import_file_invalid: 422,
  catalog_import_file_empty: 422,
  catalog_import_too_many_rows: 422,
  catalog_import_key_missing: 422,
  catalog_import_column_unknown: 422,
  catalog_import_file_too_large: 422,
  catalog_import_zip_invalid: 422,
  catalog_import_zip_too_large: 422,
  catalog_import_zip_bomb: 422,
  catalog_import_zip_too_many_entries: 422,
  catalog_import_zip_name_invalid: 422,
  catalog_import_zip_no_data_file: 422,
  catalog_import_zip_many_data_files: 422,
  catalog_import_pictures_need_zip: 422,
  backoffice_manufacturer_invalid: 422,
  backoffice_attribute_invalid: 422,
  backoffice_attribute_value_fixed: 422,
  backoffice_picture_required: 422,
  backoffice_picture_type_invalid: 422,
  backoffice_picture_too_large: 422,
  backoffice_picture_too_many_pixels: 422,
  backoffice_picture_too_small: 422,
  backoffice_picture_limit: 422,
  campus_internal_error: 422,
  campus_link_invalid: 422,
  campus_valid_until_invalid: 422,
  cannot_register_again: 422,
  card_alias_unknown: 422,
  card_declined: 422,
  card_expired: 422,
  card_missing: 422,
  cart_empty: 422,
  cart_full: 422,
  cart_product_unavailable: 422,
  checkout_address_missing: 422,
  checkout_address_save_failed: 422,
  checkout_cart_changed: 422,
  ...DELIVERY_ADDRESS_STATUS,
  checkout_delivery_country_not_allow: 422,
  checkout_delivery_country_not_found: 422,
  checkout_login_required: 422,
  checkout_no_payments: 422,
  checkout_out_of_stock: 422,
  checkout_payment_method_not_available_for_delivery_country: 422,
  checkout_payment_missing: 422,
  checkout_payment_pending: 422,
  checkout_products_germany_only: 422,
  checkout_take_back_choice_missing: 422,
  company_change_via_service: 422,
  comparison_category_mismatch: 422,
  comparison_full: 422,
  consent_required: 422,
  conversion_failed: 422,
  credit_card_limit_reached: 422,
  credit_card_verification_failed: 422,
  customer_ust_id: 422,
  email_does_not_belong_to_university: 422,
  email_used_by_someone_else: 422,
  file_required: 422,
  file_too_large: 422,
  file_type_invalid: 422,
  idempotency_conflict: 422,
  init_error: 422,
  invalid: 422,
  invalid_email: 422,
  login_failed: 422,
  missing_parameters: 422,
  newsletter_activation_failed: 422,
  newsletter_unsubscribe_failed: 422,
  no_shipping_available: 422,
  old_and_new_password_equal: 422,
  old_password_incorrect: 422,
  owner_change_not_allowed: 422,
  password_change_failed: 422,
  password_not_secure: 422,
  payment_cancelled: 422,
  payment_declined: 422,
  payment_expired: 422,
  payment_failed: 422,
  payment_method_unsupported: 422,
  paypal_address_unusable: 422,
  paypal_init_failed: 422,
  registration_failed: 422,
  reset_link_invalid: 422,
  spam_protection: 422,
  staff_code_expired: 422,
  staff_code_invalid: 422,
  staff_code_resend_failed: 422,
  staff_login_failed: 422,
  terms_not_accepted: 422,
  two_fa_code_invalid: 422,
  two_fa_resend_failed: 422,
  university_required: 422,
  vat_id_invalid: 422,
  vat_id_unchanged: 422,
  voucher_invalid: 422,
  voucher_limit_reached: 422,
  voucher_min_order: 422,
  voucher_not_for_customer: 422,
  voucher_not_found: 422,
  voucher_used_up: 422,
  wishlist_empty: 422,
  wishlist_full: 422,
  wishlist_move_failed: 422,
  // the withdrawal function (issue 19)
  withdrawal_business_customer: 422,
  withdrawal_not_available: 422,
  withdrawal_quantity_exceeded: 422,
  withdrawal_items_required: 422,
  // returns (issue 19)
  return_items_required: 422,
  return_not_available: 422,
  return_quantity_exceeded: 422,
  return_label_failed: 422,
  return_lines_invalid: 422,
  // cancellation and refunds (issue 19)
  refund_cancel_not_allowed: 422,
  refund_iban_not_needed: 422,
  refund_line_invalid: 422,
  refund_quantity_exceeded: 422,
  refund_exceeds_paid: 422,
  refund_amount_invalid: 422,
  refund_nothing_paid: 422,
  // product reviews (issue 22)
  review_vote_own: 422,
} as const satisfies Partial<Record<MessageCode, number>>

export type ErrorCode = keyof typeof ERROR_STATUS
export type StatusOf<C extends ErrorCode> = (typeof ERROR_STATUS)[C]

/**
 * The few routes where the spec fixes another status for a code than the table's. Keyed by the
 * contract's route path (`slice.route`); errors.test.ts checks each entry against the contract.
 * - account.changeVatId: the spec lists `forbidden` among the field errors of the VAT-id modal
 *   (422, shown in the form), where elsewhere it is a refusal (403).
 * - creditCards.removeCreditCards: the spec answers an id that is not the customer's with
 *   404 `general_error` (all or nothing); elsewhere `general_error` is the 500 of a bug.
 */
export const ROUTE_STATUS = {
  'account.changeVatId': { forbidden: 422 },
  'creditCards.removeCreditCards': { general_error: 404 },
} as const satisfies Record<string, Partial<Record<ErrorCode, number>>>

export type RouteWithException = keyof typeof ROUTE_STATUS

type StatusOn<
  R extends RouteWithException,
  C extends ErrorCode,
> = C extends keyof (typeof ROUTE_STATUS)[R] ? (typeof ROUTE_STATUS)[R][C] : StatusOf<C>

/** The ts-rest answer for one code; a union of codes gives the union of answers. */
type Answer<S, C extends ErrorCode, X> = {
  status: S
  body: X & { code: C; message: string }
}
type Respond<C extends ErrorCode, X> = C extends ErrorCode ? Answer<StatusOf<C>, C, X> : never
type RespondOn<R extends RouteWithException, C extends ErrorCode, X> = C extends ErrorCode
  ? Answer<StatusOn<R, C>, C, X>
  : never

/** The status of a code, on a route where given (its exception wins). */
export function statusOf(code: ErrorCode, route?: string): number {
  const exceptions: Partial<Record<ErrorCode, number>> | undefined =
    route && route in ROUTE_STATUS ? ROUTE_STATUS[route as RouteWithException] : undefined
  return exceptions?.[code] ?? ERROR_STATUS[code]
}

function answer(status: number, code: ErrorCode, extra?: object, params?: MessageParams) {
  return { status, body: { ...extra, code, message: translate(code, params) } }
}

/**
 * A domain error answer: `{ status, body: { ...extra, code, message } }` with the table's status;
 * `extra` carries the spec's own fields (errorFields, loginBlockedUntil, ...), `params` fill the
 * message's placeholders.
 */
export function respond<C extends ErrorCode, X extends object = object>(
  code: C,
  extra?: X,
  params?: MessageParams,
): Respond<C, X> {
  return answer(ERROR_STATUS[code], code, extra, params) as Respond<C, X>
}

/** `respond` on one of the routes of ROUTE_STATUS, whose exception wins over the table. */
export function respondOn<
  R extends RouteWithException,
  C extends ErrorCode,
  X extends object = object,
>(route: R, code: C, extra?: X, params?: MessageParams): RespondOn<R, C, X> {
  return answer(statusOf(code, route), code, extra, params) as RespondOn<R, C, X>
}

/** An error answer written outside a ts-rest handler (middleware): the table's status, the code's message. */
export function sendError(res: Response, code: ErrorCode): void {
  res.status(statusOf(code)).json(errorJson(code))
}
