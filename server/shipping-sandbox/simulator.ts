// The shipping simulator "Bitwerk Versand-Simulator": implements the shipping-provider port
// offline. Labels need no table: label id and tracking number are derived from the
// idempotency key (the same key names the same parcel), the PDF is drawn anew, and the shop
// stores the first one it got (order_returns.label_pdf).
import type { Clock } from '#server/platform/clock.ts'
import { err, ok } from '#server/platform/result.ts'
import type {
  LabelAddress,
  ParcelTracking,
  ShippingProvider,
} from '#server/platform/shipping/port.ts'
import { renderLabelPdf } from './label-pdf.ts'
import { isSimulatorTrackingNumber, labelIdentity } from './tracking.ts'

export const SIMULATOR_CARRIER = 'DHL'
/** The heaviest parcel the simulated tariff takes (grams). */
const MAX_WEIGHT_GRAMS = 31_500

/** Where returned parcels go: the shop's returns centre. */
export const RETURNS_CENTRE: LabelAddress = {
  company: 'Bitwerk GmbH',
  name: 'Retourenzentrum',
  street: 'Musterstraße',
  houseNumber: '1',
  zipCode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
}

function addressValid(address: LabelAddress): boolean {
  const filled = [address.name, address.street, address.zipCode, address.city].every(
    (part) => part.trim().length > 0,
  )
  return filled && /^[A-Z]{2}$/.test(address.countryCode)
}

export function createShippingSimulator(deps: { clock: Clock }): ShippingProvider {
  return {
    name: 'simulator',
    async createReturnLabel(input) {
      if (!addressValid(input.sender)) return err('label_address_invalid')
      if (
        !Number.isInteger(input.weightGrams) ||
        input.weightGrams < 1 ||
        input.weightGrams > MAX_WEIGHT_GRAMS
      )
        return err('label_weight_invalid')
      const { labelId, trackingNumber } = labelIdentity(input.idempotencyKey)
      const createdAt = deps.clock.now()
      const pdf = await renderLabelPdf({
        carrier: SIMULATOR_CARRIER,
        trackingNumber,
        reference: input.reference,
        sender: input.sender,
        recipient: RETURNS_CENTRE,
        weightGrams: input.weightGrams,
        createdAt,
      })
      return ok({ labelId, carrier: SIMULATOR_CARRIER, trackingNumber, pdf, createdAt })
    },
    // Without a table the simulator knows no movements: every number it issued is "label
    // created"; the shop's own status (received by staff) tells the rest.
    async track(trackingNumber): Promise<ParcelTracking | null> {
      if (!isSimulatorTrackingNumber(trackingNumber)) return null
      return { trackingNumber, status: 'label_created', updatedAt: deps.clock.now() }
    },
  }
}
