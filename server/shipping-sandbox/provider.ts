// Which shipping provider the shop talks to. Only the simulator exists; a carrier's adapter
// (DHL, Hermes, DPD) becomes another case here and implements the same port.
import type { Clock } from '#server/platform/clock.ts'
import type { ShippingProvider } from '#server/platform/shipping/port.ts'
import { createShippingSimulator } from './simulator.ts'

export function createShippingProvider(deps: { clock: Clock }): ShippingProvider {
  return createShippingSimulator(deps)
}
