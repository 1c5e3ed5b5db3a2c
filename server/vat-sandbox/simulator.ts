// The VAT-id register simulator "Bitwerk USt-IdNr.-Simulator": implements the VAT-id port
// offline, deterministically, so demos and tests can show every answer:
// - an id ending in 0000 is unknown to the register (valid: false),
// - an id ending in 9999 finds the service unavailable,
// - every other well-formed EU id (not DE) is valid, with a made-up company name.
import { createHash } from 'node:crypto'
import { normalizeVatId } from '#contract/fields.ts'
import type { Clock } from '#server/platform/clock.ts'
import { err, ok } from '#server/platform/result.ts'
import type { VatIdVerifier } from '#server/platform/vat-ids/port.ts'

export const SIMULATOR_UNKNOWN_SUFFIX = '0000'
export const SIMULATOR_UNAVAILABLE_SUFFIX = '9999'

export function createVatIdSimulator(deps: { clock: Clock }): VatIdVerifier {
  return {
    name: 'simulator',
    async verify(vatId, requesterVatId) {
      const normalized = normalizeVatId(vatId)
      if (normalized.endsWith(SIMULATOR_UNAVAILABLE_SUFFIX)) return err('vat_check_unavailable')
      const checkedAt = deps.clock.now()
      const digest = createHash('sha256')
        .update(`${requesterVatId}|${normalized}|${checkedAt.toISOString()}`)
        .digest('hex')
        .slice(0, 12)
        .toUpperCase()
      const valid = !normalized.endsWith(SIMULATOR_UNKNOWN_SUFFIX)
      return ok({
        vatId: normalized,
        valid,
        name: valid ? `Simulierte Firma ${normalized.slice(0, 2)} ${normalized.slice(-4)}` : null,
        address: null,
        requestId: `SIM-${digest}`,
        checkedAt,
      })
    },
  }
}
