// Payments (platform): the provider port. The checkout uses `req.ctx.payments` (a PaymentProvider);
// the adapter behind it (today the sandbox, server/payment-sandbox/) is chosen in app.ts.
export type {
  AmazonPayButton,
  ApplePayMerchantSession,
  ApplePayPaymentRequest,
  CardAliasInfo,
  CardAuthorization,
  CardBrand,
  CardCheckSession,
  CardFieldsCommand,
  CardFieldsMessage,
  Financing,
  KlarnaPaymentMethod,
  Payer,
  PayerAddress,
  Payment,
  PaymentDeclineCode,
  PaymentErrorCode,
  PaymentMethodKind,
  PaymentProvider,
  PaymentStatus,
  RedirectMethod,
  RedirectSession,
} from './port.ts'
export { PAYMENT_DECLINE_CODES } from './port.ts'
