import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Filter } from '#contract/catalog.ts'
import { FilterPanel } from './filter-panel.tsx'

const option = (value: string, text: string, quantity: number) => ({
  value,
  text,
  quantity,
  checked: false,
  hex: null,
  postfix: null,
})

const FILTERS: Filter[] = [
  {
    id: 'preis',
    filterType: 'range',
    name: 'Preis',
    optionType: 'text',
    open: true,
    search: false,
    properties: [],
    range: { min: 100, max: 900, from: null, to: null, input: true, intValue: true, postfix: '€' },
  },
  {
    id: 'rabatt',
    filterType: 'radio',
    name: 'Rabatt',
    optionType: 'text',
    open: false,
    search: false,
    properties: [option('10', 'ab 10 %', 12), option('20', 'ab 20 %', 4)],
    range: null,
  },
  {
    id: 'hersteller',
    filterType: 'checkbox',
    name: 'Hersteller',
    optionType: 'text',
    open: false,
    search: false,
    properties: [option('asus', 'ASUS', 30), option('msi', 'MSI', 20)],
    range: null,
  },
]

function renderPanel() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <FilterPanel
          scope={{ kind: 'search', query: 'grafikkarte' }}
          filters={FILTERS}
          selected={[]}
          total={50}
          basePath="/produkte/grafikkarte"
          sort="relevanz"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const toggle = (name: string) => screen.getByRole('button', { name })

beforeEach(() => {
  // The live counts: the same filters, 12 products.
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ filters: FILTERS, productCount: 12 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  )
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('FilterPanel', () => {
  it('starts with price open; opening another filter closes the others', () => {
    renderPanel()
    expect(toggle('Preis').getAttribute('aria-expanded')).toBe('true')
    expect(toggle('Hersteller').getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(toggle('Hersteller'))
    expect(toggle('Hersteller').getAttribute('aria-expanded')).toBe('true')
    expect(toggle('Preis').getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByLabelText(/ASUS/)).toBeTruthy()

    fireEvent.click(toggle('Rabatt'))
    expect(toggle('Rabatt').getAttribute('aria-expanded')).toBe('true')
    expect(toggle('Hersteller').getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByLabelText(/ASUS/)).toBeNull()

    // Closing the open one leaves all closed.
    fireEvent.click(toggle('Rabatt'))
    expect(toggle('Rabatt').getAttribute('aria-expanded')).toBe('false')
  })

  it('the radio filter offers its reset once an option is chosen', async () => {
    renderPanel()
    fireEvent.click(toggle('Rabatt'))
    expect(screen.queryByRole('button', { name: 'Rabatt zurücksetzen' })).toBeNull()
    const tenPercent = screen.getByLabelText(/ab 10 %/) as HTMLInputElement
    fireEvent.click(tenPercent)
    expect(tenPercent.checked).toBe(true)
    await waitFor(() => expect(screen.getByRole('button', { name: '12 Produkte anzeigen' })))

    fireEvent.click(screen.getByRole('button', { name: 'Rabatt zurücksetzen' }))
    expect(tenPercent.checked).toBe(false)
    expect(screen.queryByRole('button', { name: 'Rabatt zurücksetzen' })).toBeNull()
    // Back to what was applied: nothing to apply.
    const apply = screen.getByRole('button', { name: '50 Produkte anzeigen' })
    expect(apply.hasAttribute('disabled')).toBe(true)
  })

  it('keeps the previous counts while the next selection loads', async () => {
    const withAsus = FILTERS.map((filter) =>
      filter.id === 'hersteller'
        ? { ...filter, properties: [option('asus', 'ASUS', 7), option('msi', 'MSI', 5)] }
        : filter,
    )
    const later: { answer?: (response: Response) => void } = {}
    vi.spyOn(globalThis, 'fetch')
      .mockImplementationOnce(
        async () =>
          new Response(JSON.stringify({ filters: withAsus, productCount: 7 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      )
      .mockImplementationOnce(
        () =>
          new Promise<Response>((resolve) => {
            later.answer = resolve
          }),
      )
    renderPanel()
    fireEvent.click(toggle('Hersteller'))
    fireEvent.click(screen.getByLabelText(/ASUS/))
    await waitFor(() => expect(screen.getByRole('button', { name: '7 Produkte anzeigen' })))

    fireEvent.click(screen.getByLabelText(/MSI/))
    // Loading: no count for the new selection yet, but the previous answer's options stay.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filter anwenden' })))
    expect(screen.getByLabelText(/MSI/).closest('label')?.textContent).toContain('5')

    later.answer?.(
      new Response(JSON.stringify({ filters: FILTERS, productCount: 12 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    )
    await waitFor(() => expect(screen.getByRole('button', { name: '12 Produkte anzeigen' })))
  })
})
