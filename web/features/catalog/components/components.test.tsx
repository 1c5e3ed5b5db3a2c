import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProductTile as Tile } from '#contract/catalog.ts'
import { tsr } from '#web/lib/tsr.ts'
import { showsScale } from './energy-label.tsx'
import { pageItems } from './pagination.tsx'
import { ProductSlider } from './product-slider.tsx'
import { ProductTile } from './product-tile.tsx'

function wrap(children: ReactNode) {
  const client = new QueryClient()
  return (
    <QueryClientProvider client={client}>
      <tsr.ReactQueryProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  )
}

function tile(overrides: Partial<Tile> = {}): Tile {
  return {
    id: 7,
    articleNumber: '1234567',
    name: 'MSI GeForce RTX 4070 Ventus 2X OC, 12 GB GDDR6X, mit einem sehr langen Namen, der abgeschnitten wird',
    brand: 'MSI',
    url: '/artikel/msi-geforce-rtx-4070-7',
    image: '/api/catalog/products/7/images/1.svg',
    teaser: '12 GB GDDR6X · Boost bis 2475 MHz · 2 Lüfter',
    categoryName: 'NVIDIA GeForce',
    priceCents: 54900,
    strikeThroughPriceCents: 64900,
    recommendedRetailPriceCents: 69900,
    discountPercent: 15,
    hasCampusPrice: true,
    campusPriceCents: null,
    availability: 'low_stock',
    lowStockQuantity: 3,
    energyEfficiency: null,
    ...overrides,
  }
}

afterEach(() => cleanup())

describe('ProductTile', () => {
  it('cuts the name at 80 characters and shows the German price rules', () => {
    render(wrap(<ProductTile product={tile()} />))
    const link = screen.getByRole('link', { name: /MSI GeForce/ })
    expect(link.textContent?.length).toBeLessThanOrEqual(81)
    expect(link.getAttribute('href')).toBe('/artikel/msi-geforce-rtx-4070-7')
    expect(screen.getByText(/549,00/)).toBeTruthy()
    expect(screen.getByText(/649,00/).closest('del')).toBeTruthy()
    // § 11 PAngV: the struck price says it is the 30-day lowest price before the reduction.
    expect(screen.getByText(/649,00/).closest('.reference-price')?.textContent).toBe(
      'Niedrigster Preis der 30 Tage vor der Preissenkung: 649,00\u00a0€',
    )
    expect(screen.getByText(/−15 %/)).toBeTruthy()
    expect(screen.getByText(/inkl\. MwSt\., zzgl\./)).toBeTruthy()
    expect(screen.getByText('Nur noch 3 Stück auf Lager')).toBeTruthy()
  })

  it('shows a Campus price only when the API sends one (members)', () => {
    render(wrap(<ProductTile product={tile({ campusPriceCents: 49900 })} />))
    expect(screen.getByText(/Campus-Preis/).textContent).toContain('499,00')
  })

  it('offers the energy label through its badge', () => {
    render(
      wrap(
        <ProductTile
          product={tile({ energyEfficiency: { label: 'E', classLevel: 5, scale: 'A - G' } })}
        />,
      ),
    )
    expect(
      screen.getByRole('button', {
        name: 'Energieeffizienzklasse E (Skala A bis G): Energielabel anzeigen',
      }),
    ).toBeTruthy()
  })
})

describe('energy label scale', () => {
  it('is shown for "A - G" or an empty scale only', () => {
    expect(showsScale('A - G')).toBe(true)
    expect(showsScale('')).toBe(true)
    expect(showsScale('A+++ - D')).toBe(false)
  })
})

describe('pagination', () => {
  it('shows the first, the last and the pages around the current one', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(5, 12)).toEqual([1, 'gap', 4, 5, 6, 'gap', 12])
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4])
  })
})

describe('ProductSlider', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('moves one product every 5 s and pauses with its button', () => {
    const products = Array.from({ length: 8 }, (_, i) =>
      tile({ id: i + 1, url: `/artikel/p-${i + 1}` }),
    )
    render(wrap(<ProductSlider title="Top Produkte" products={products} />))
    const track = screen.getByRole('list')
    expect(track.style.transform).toContain('calc(0 *')
    expect(track.style.transitionDuration).toBe('400ms')
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    expect(track.style.transform).toContain('calc(-1 *')
    fireEvent.click(screen.getByRole('button', { name: 'Automatisches Blättern anhalten' }))
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(track.style.transform).toContain('calc(-1 *')
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Produkte: Top Produkte' }))
    expect(track.style.transform).toContain('calc(-2 *')
  })
})
