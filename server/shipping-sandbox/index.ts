// The shipping-provider adapter "Bitwerk Versand-Simulator": implements the shipping port of
// server/platform/shipping offline (DHL-style return labels as PDF with tracking numbers).
// Only the composition root (app.ts) and tests import it.
export { createShippingProvider } from './provider.ts'
export { RETURNS_CENTRE, SIMULATOR_CARRIER } from './simulator.ts'
export { isSimulatorTrackingNumber } from './tracking.ts'
