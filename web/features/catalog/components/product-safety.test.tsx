import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProductDetail } from '#contract/catalog.ts'
import { ProductSafety } from './product-safety.tsx'

afterEach(cleanup)

const contact = {
  name: 'Apple Inc.',
  street: 'One Apple Park Way',
  zipCode: 'CA 95014',
  city: 'Cupertino',
  country: 'Vereinigte Staaten',
  electronicAddress: 'https://www.apple.com/de/contact/',
}

function product(overrides: Partial<ProductDetail>): ProductDetail {
  return {
    articleNumber: '1234567',
    ean: '4012345678901',
    safety: {
      manufacturer: contact,
      responsiblePerson: {
        ...contact,
        name: 'Apple Distribution International Ltd.',
        city: 'Cork',
        country: 'Irland',
        electronicAddress: 'mailto:safety@example.com',
      },
      modelNumber: 'MX2E3D/A',
      warnings: ['Enthält einen fest eingebauten Lithium-Ionen-Akku.'],
    },
    disposal: { largeAppliance: true, containsBattery: true },
    ...overrides,
  } as ProductDetail
}

describe('ProductSafety', () => {
  it('shows manufacturer, EU responsible person, identifiers, warnings and the notes link', () => {
    render(
      <MemoryRouter>
        <ProductSafety product={product({})} />
      </MemoryRouter>,
    )
    const section = screen.getByRole('region', { name: 'Produktsicherheit' })
    expect(within(section).getByText(/Apple Inc\./)).toBeTruthy()
    expect(within(section).getByText('Verantwortliche Person in der EU')).toBeTruthy()
    expect(within(section).getByText('safety@example.com')).toBeTruthy()
    expect(within(section).getByText(/Typ\/Modell: MX2E3D\/A/)).toBeTruthy()
    expect(within(section).getByText(/Lithium-Ionen-Akku/)).toBeTruthy()
    expect(within(section).getByText(/Altgerät auf Wunsch kostenlos mit/)).toBeTruthy()
    expect(
      within(section).getByRole('link', { name: 'Hinweise zu Altgeräten und Batterien' }),
    ).toHaveProperty('pathname', '/altgeraete-und-batterien')
  })

  it('leaves the responsible person out for an EU manufacturer', () => {
    const base = product({})
    render(
      <MemoryRouter>
        <ProductSafety
          product={product({
            safety: base.safety && { ...base.safety, responsiblePerson: null },
            disposal: { largeAppliance: false, containsBattery: false },
          })}
        />
      </MemoryRouter>,
    )
    expect(screen.queryByText('Verantwortliche Person in der EU')).toBeNull()
    expect(screen.queryByText(/Altgerät auf Wunsch/)).toBeNull()
  })
})
