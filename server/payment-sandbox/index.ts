// The payment-provider adapter "Bitpay Sandbox": implements the provider port of
// server/platform/payments offline (cards with 3-D Secure, wallets, Apple Pay) and serves its own
// pages under /psp/. Only the composition root (app.ts, jobs.ts) and tests import it.
export { paymentSandboxJobs } from './jobs.ts'
export {
  createPaymentProvider,
  mountPaymentPages,
  type PaymentProviderDeps,
  type PaymentProviderSetup,
} from './provider.ts'
