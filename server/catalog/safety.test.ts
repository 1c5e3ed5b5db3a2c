import { describe, expect, it } from 'vitest'
import { EU_COUNTRIES, MANUFACTURER_SEEDS, safetyFactsOf } from '#db/seed/catalog-safety.ts'
import { countryName, productSafetyOf } from './safety.ts'

const asus = {
  name: 'ASUSTeK Computer Inc.',
  street: 'No. 15, Li-Te Road',
  zipCode: '112',
  city: 'Taipei',
  countryCode: 'TW',
  electronicAddress: 'https://www.asus.com',
}

describe('productSafetyOf', () => {
  it('names countries in German and takes the model number from the specs', () => {
    const safety = productSafetyOf(
      {
        specs: [{ group: 'Allgemein', name: 'Herstellernummer', value: 'G614JV' }],
        safetyWarnings: ['Nicht öffnen.'],
      },
      {
        manufacturer: asus,
        responsible: { ...asus, name: 'ASUS Computer GmbH', countryCode: 'DE' },
      },
    )
    expect(safety).toMatchObject({
      manufacturer: { country: 'Taiwan' },
      responsiblePerson: { name: 'ASUS Computer GmbH', country: 'Deutschland' },
      modelNumber: 'G614JV',
      warnings: ['Nicht öffnen.'],
    })
  })

  it('is null without a manufacturer', () => {
    expect(productSafetyOf({ specs: [], safetyWarnings: [] }, null)).toBeNull()
  })

  it('keeps an unknown country code as it is', () => {
    expect(countryName('IE')).toBe('Irland')
    expect(countryName('??')).toBe('??')
  })
})

describe('seeded safety facts', () => {
  it('gives every brand outside the EU a responsible person inside it', () => {
    const eu = EU_COUNTRIES
    for (const m of MANUFACTURER_SEEDS) {
      if (eu.has(m.countryCode)) continue
      expect(m.responsible, m.brand).not.toBeNull()
      expect(eu.has(m.responsible?.countryCode ?? ''), m.brand).toBe(true)
    }
  })

  it('takes back screens and towers at delivery, small parts by post', () => {
    expect(safetyFactsOf('tv', 'TV', 'tv-audio/fernseher').largeAppliance).toBe(true)
    expect(safetyFactsOf('notebook', 'X', 'notebooks/ultrabooks')).toMatchObject({
      largeAppliance: true,
      containsBattery: true,
    })
    expect(safetyFactsOf('pc', 'Mini', 'pc-systeme/mini-pcs').largeAppliance).toBe(false)
    expect(safetyFactsOf('ssd', 'SSD', 'pc-komponenten/ssds')).toMatchObject({
      largeAppliance: false,
      containsBattery: false,
    })
    expect(
      safetyFactsOf('mouse', 'Logitech G502 Lightspeed', 'zubehoer/maeuse').containsBattery,
    ).toBe(true)
    expect(safetyFactsOf('mouse', 'Logitech G502 Hero', 'zubehoer/maeuse').containsBattery).toBe(
      false,
    )
  })
})
