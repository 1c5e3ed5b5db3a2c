// Which payment provider the shop talks to, chosen by configuration (PAYMENT_PROVIDER). Only the
// sandbox simulator exists; a real provider's adapter becomes another case here and implements
// the same port (./port.ts). The simulator also serves its own pages from the shop's server.
import type { Express, Router } from 'express'
import type { Db } from '#db/client.ts'
import type { Clock } from '#server/platform/clock.ts'
import type { Config } from '#server/platform/config.ts'
import type { PaymentProvider } from '#server/platform/payments/port.ts'
import { createSimulatorRouter } from './router.ts'
import { createSimulator, SIMULATOR_BASE_PATH } from './simulator.ts'

export type PaymentProviderDeps = { db: Db; config: Config; clock: Clock }

export type PaymentProviderSetup = {
  provider: PaymentProvider
  /** Pages the provider serves from the shop's own server (the sandbox's /psp/), else null. */
  pages: { path: string; router: Router } | null
}

export function createPaymentProvider(deps: PaymentProviderDeps): PaymentProviderSetup {
  const { provider: choice, simulatorSecret } = deps.config.payments
  switch (choice) {
    case 'simulator': {
      const simulator = createSimulator({
        db: deps.db,
        clock: deps.clock,
        secret: simulatorSecret,
        basePath: SIMULATOR_BASE_PATH,
      })
      return {
        provider: simulator.provider,
        pages: {
          path: SIMULATOR_BASE_PATH,
          // The test shop page exists outside production only.
          router: createSimulatorRouter(simulator, { harness: deps.config.env !== 'production' }),
        },
      }
    }
    default: {
      const unknown: never = choice
      throw new Error(`unknown payment provider ${String(unknown)}`)
    }
  }
}

/**
 * Serves the provider's pages (the sandbox under /psp/). Call it before the shop's session,
 * origin-check and body-parser middleware: those pages stand for another site.
 */
export function mountPaymentPages(app: Express, setup: PaymentProviderSetup): void {
  if (setup.pages) app.use(setup.pages.path, setup.pages.router)
}
