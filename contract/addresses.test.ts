import { describe, expect, it } from 'vitest'
import { addressBackendCode, addressErrorFields, addressSchema } from './addresses.ts'

const base = {
  firstName: 'Lena',
  lastName: 'Berger',
  streetName: 'Lindenallee',
  streetNumber: '5',
  zipCode: '50667',
  cityName: 'Au',
  countryId: 81,
}

describe('addressSchema(context)', () => {
  it('takes a 2-letter city in the account and refuses it in checkout', () => {
    const account = addressSchema({ flow: 'account', kind: 'billing', customerType: 'private' })
    const checkout = addressSchema({ flow: 'checkout', kind: 'billing', customerType: 'private' })
    expect(account.safeParse(base).success).toBe(true)
    const result = checkout.safeParse(base)
    expect(result.success).toBe(false)
    if (!result.success)
      expect(addressErrorFields(result.error)).toEqual({ cityName: 'account_city_too_short' })
  })

  it('requires the company of business customers and a VAT id for a business billing address abroad', () => {
    const schema = addressSchema({ flow: 'account', kind: 'billing', customerType: 'business' })
    const result = schema.safeParse({ ...base, countryId: 14, zipCode: '1010', cityName: 'Wien' })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(addressErrorFields(result.error)).toEqual({
        company: 'required',
        vatId: 'customer_ust_id',
      })
    }
    expect(
      schema.safeParse({
        ...base,
        company: 'Huber GmbH',
        countryId: 14,
        zipCode: '1010',
        vatId: 'ATU12345678',
      }).success,
    ).toBe(true)
  })

  it('checks a Packstation and allows parcel points on German delivery addresses only', () => {
    const delivery = addressSchema({ flow: 'checkout', kind: 'delivery', customerType: 'private' })
    const ok = delivery.safeParse({
      ...base,
      cityName: 'Köln',
      type: 'packstation',
      streetName: 'Packstation',
      streetNumber: '123',
      postNumber: '1234567',
    })
    expect(ok.success).toBe(true)
    const billing = addressSchema({ flow: 'account', kind: 'billing', customerType: 'private' })
    const refused = billing.safeParse({ ...base, type: 'paketshop' })
    expect(refused.success).toBe(false)
  })

  it('limits first plus last name of a delivery address to 50 characters', () => {
    const delivery = addressSchema({ flow: 'account', kind: 'delivery', customerType: 'private' })
    const result = delivery.safeParse({
      ...base,
      firstName: 'A'.repeat(25),
      lastName: 'B'.repeat(26),
    })
    expect(result.success).toBe(false)
    expect(
      delivery.safeParse({ ...base, firstName: 'A'.repeat(25), lastName: 'B'.repeat(25) }).success,
    ).toBe(true)
  })
})

describe('addressBackendCode', () => {
  it('maps rule codes to the spec backend codes', () => {
    expect(addressBackendCode('zipCode', 'required')).toBe('account_zip_missing')
    expect(addressBackendCode('streetName', 'max_length?length=30')).toBe('account_street_too_long')
    expect(addressBackendCode('streetNumber', 'station_number_invalid')).toBe(
      'station_number_invalid',
    )
    expect(addressBackendCode('firstName', 'forbidden_keyword?keyword=GmbH')).toBe(
      'account_firstname_invalid',
    )
  })
})
