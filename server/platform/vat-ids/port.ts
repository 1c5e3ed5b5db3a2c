// The VAT-id verification port (issue 20): a qualified confirmation of another member state's
// VAT id (§ 18e UStG, the EU's VIES service through the Bundeszentralamt für Steuern). The shop
// exempts a delivery to a business customer in another EU country (§ 4 Nr. 1 b, § 6a UStG)
// only with a positive answer, and keeps the answer's consultation number with the order as
// the evidence the tax office asks for.
//
// Rules every implementation keeps:
// - A well-formed id the register does not know is an answer (`valid: false`), not an error.
// - The service being down is the error 'vat_check_unavailable'; the shop then charges VAT.
// - Implementations throw only for caller bugs.
import type { Result } from '../result.ts'

export type VatIdConfirmation = {
  /** The id asked for, normalised (country prefix, no spaces), e.g. ATU12345678. */
  vatId: string
  valid: boolean
  /** Name and address the register holds (null when the member state does not disclose them). */
  name: string | null
  address: string | null
  /** The service's consultation number: the evidence of the check. */
  requestId: string
  checkedAt: Date
}

export type VatIdCheckError = 'vat_check_unavailable'

export interface VatIdVerifier {
  /** Which adapter this is ('simulator', later 'bzst' or 'vies'). */
  readonly name: string
  /** Asks the register about `vatId`; `requesterVatId` is the shop's own (DE…) id. */
  verify(vatId: string, requesterVatId: string): Promise<Result<VatIdConfirmation, VatIdCheckError>>
}
