import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AddressForm } from './address-form.tsx'

const COUNTRIES = [
  { countryId: 81, countryName: 'Deutschland' },
  { countryId: 14, countryName: 'Österreich' },
]
const ZIP_INVALID = 'Bitte gib eine gültige Postleitzahl ein.'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function renderForm() {
  render(
    <AddressForm
      context={{ flow: 'account', kind: 'billing', customerType: 'private' }}
      countries={COUNTRIES}
      submitLabel="Adresse speichern"
      onSubmit={vi.fn()}
    />,
  )
  return {
    zip: screen.getByLabelText('PLZ') as HTMLInputElement,
    country: screen.getByLabelText('Land') as HTMLSelectElement,
  }
}

describe('AddressForm', () => {
  it('drops a zip error of the previous country when the country changes', async () => {
    const { zip, country } = renderForm()
    // A Vienna zip while Germany is chosen: refused (after the 1 s delay).
    fireEvent.change(zip, { target: { value: '1010' } })
    fireEvent.blur(zip)
    await waitFor(() => expect(screen.getByText(ZIP_INVALID)).toBeTruthy(), { timeout: 3000 })

    fireEvent.change(country, { target: { value: '14' } })
    await waitFor(() => expect(screen.queryByText(ZIP_INVALID)).toBeNull())
    expect(zip.getAttribute('aria-invalid')).toBeNull()

    // Back to Germany: the same zip is refused again.
    fireEvent.change(country, { target: { value: '81' } })
    await waitFor(() => expect(screen.getByText(ZIP_INVALID)).toBeTruthy(), { timeout: 3000 })
  })

  it('does not judge a zip nobody entered yet when the country changes', async () => {
    vi.useFakeTimers()
    const { country } = renderForm()
    fireEvent.change(country, { target: { value: '14' } })
    // Past the 1 s error delay (on the fake clock): still no message at the empty field.
    await act(() => vi.advanceTimersByTimeAsync(1500))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
