import { describe, expect, it } from 'vitest'
import { exemptionCandidate, vatIdCountry } from './vat-exemption.ts'

const AUSTRIA = 14
const FRANCE = 73
const GERMANY = 81
const SWITZERLAND = 204

describe('exemptionCandidate (§ 4 Nr. 1 b, § 6a UStG)', () => {
  const business = { customerType: 'business' as const, vatId: 'ATU 1234 5678' }

  it('is the normalised id of a business customer with an EU id, delivered to another EU country', () => {
    expect(exemptionCandidate({ ...business, deliveryCountryId: AUSTRIA })).toBe('ATU12345678')
    // The goods may go to another member state than the one of the id.
    expect(exemptionCandidate({ ...business, deliveryCountryId: FRANCE })).toBe('ATU12345678')
  })

  it('is null for private customers, German ids, German or non-EU deliveries and no id', () => {
    expect(
      exemptionCandidate({ ...business, customerType: 'private', deliveryCountryId: AUSTRIA }),
    ).toBeNull()
    expect(
      exemptionCandidate({ ...business, vatId: 'DE123456789', deliveryCountryId: AUSTRIA }),
    ).toBeNull()
    expect(exemptionCandidate({ ...business, deliveryCountryId: GERMANY })).toBeNull()
    expect(exemptionCandidate({ ...business, deliveryCountryId: SWITZERLAND })).toBeNull()
    expect(exemptionCandidate({ ...business, vatId: null, deliveryCountryId: AUSTRIA })).toBeNull()
    expect(
      exemptionCandidate({ ...business, vatId: 'CHE123', deliveryCountryId: AUSTRIA }),
    ).toBeNull()
  })
})

describe('vatIdCountry', () => {
  it('finds the member state by the id format', () => {
    expect(vatIdCountry('FR12345678901')).toBe(FRANCE)
    expect(vatIdCountry('de 123 456 789')).toBe(GERMANY)
    expect(vatIdCountry('XX123')).toBeNull()
  })
})
