// The shipping-provider port (issue 19): what the shop asks of a parcel carrier. Today returns
// labels; outgoing labels follow the same interface later. The offline simulator
// (server/shipping-sandbox/) implements it like the payment sandbox implements the payment port;
// a real carrier's adapter (DHL, Hermes, DPD) is a second implementation, picked in app.ts.
//
// Rules every implementation keeps:
// - Expected outcomes (unknown label, address the carrier refuses) come back as Result errors;
//   implementations throw only for caller bugs or a broken provider.
// - Creating a label takes an idempotency key: the same key gives the first label again.
// - The label is a real PDF (A6 or A4 with the label on it) the shopper prints; the shop stores
//   it and serves it itself, so a carrier outage never hides a label already issued.
import type { Result } from '../result.ts'

/** An address on a label: sender (the customer) or recipient (the shop's returns centre). */
export type LabelAddress = {
  name: string
  company: string | null
  street: string
  houseNumber: string
  zipCode: string
  city: string
  /** ISO 3166-1 alpha-2, e.g. DE */
  countryCode: string
}

export type ReturnLabelInput = {
  /** The shop's reference printed on the label (the return number, e.g. B4000001-R1). */
  reference: string
  sender: LabelAddress
  /** Parcel weight in grams (the carrier's tariff); the simulator accepts 1 to 31 500. */
  weightGrams: number
  idempotencyKey: string
}

export type ShippingLabel = {
  labelId: string
  /** The carrier's name as shown to the shopper, e.g. "DHL". */
  carrier: string
  trackingNumber: string
  /** The printable label (application/pdf). */
  pdf: Buffer
  createdAt: Date
}

/** Where a parcel is, as the carrier reports it. */
export type ParcelStatus = 'label_created' | 'in_transit' | 'delivered'

export type ParcelTracking = {
  trackingNumber: string
  status: ParcelStatus
  updatedAt: Date
}

export type ShippingLabelError = 'label_address_invalid' | 'label_weight_invalid'

export interface ShippingProvider {
  /** Which adapter this is ('simulator', later a carrier's name). */
  readonly name: string
  /** A prepaid return label from `sender` to the shop's returns centre. */
  createReturnLabel(input: ReturnLabelInput): Promise<Result<ShippingLabel, ShippingLabelError>>
  /** Where the parcel is now; null for an unknown tracking number. */
  track(trackingNumber: string): Promise<ParcelTracking | null>
}
