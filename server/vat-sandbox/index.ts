// The VAT-id verification adapter "Bitwerk USt-IdNr.-Simulator": implements the VAT-id port of
// server/platform/vat-ids offline. Only the composition root (app.ts) and tests import it.
export {
  createVatIdSimulator as createVatIdVerifier,
  SIMULATOR_UNAVAILABLE_SUFFIX,
  SIMULATOR_UNKNOWN_SUFFIX,
} from './simulator.ts'
