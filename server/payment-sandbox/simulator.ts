// The sandbox provider ("Bitpay Sandbox"): the port's implementation on the simulator's own
// tables, plus the actions its pages need (card check, 3-D Secure, wallet decisions, sheet).
import type { Db } from '#db/client.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { PaymentProvider } from '#server/platform/payments/port.ts'
import { createApplePayPayments } from './apple-pay.ts'
import { createCardPayments } from './card.ts'
import type { SimCtx } from './context.ts'
import { createKeys } from './crypto.ts'
import { createPaymentOperations } from './operations.ts'
import { createRedirectPayments } from './redirect.ts'

export type SimulatorDeps = {
  db: Db
  clock: Clock
  secret: string
  /** Where the app serves the simulator's pages; its URLs are relative to the shop's origin. */
  basePath?: string
}

export type Simulator = ReturnType<typeof createSimulator>

export const SIMULATOR_BASE_PATH = '/psp'

export function createSimulator(deps: SimulatorDeps) {
  const ctx: SimCtx = {
    db: deps.db,
    clock: deps.clock,
    keys: createKeys(deps.secret),
    basePath: deps.basePath ?? SIMULATOR_BASE_PATH,
  }
  const card = createCardPayments(ctx)
  const redirect = createRedirectPayments(ctx)
  const applePay = createApplePayPayments(ctx)
  const provider: PaymentProvider = {
    name: 'simulator',
    card: card.port,
    redirect: redirect.port,
    klarna: redirect.klarna,
    amazonPay: redirect.amazonPay,
    applePay: applePay.port,
    payments: createPaymentOperations(ctx),
  }
  return { ctx, provider, card, redirect, applePay }
}
