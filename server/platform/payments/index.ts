// Payments (platform): the provider port, the factory that picks the adapter, and the mount of
// the sandbox's pages. The checkout uses `req.ctx.payments` (a PaymentProvider).
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
export {
  createPaymentProvider,
  mountPaymentPages,
  type PaymentProviderSetup,
} from './provider.ts'
