import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { allConsent, formatConsentCookie, noConsent } from '#contract/consent-services.ts'
import { ConsentRoot } from './components/consent-root.tsx'
import { VideoEmbed } from './components/video-embed.tsx'
import { applyConsent, hasConsent, onConsentWithdrawn, resetConsentStore } from './consent-store.ts'
import { ANONYMOUS_SEARCH_SESSION, getSuggestionSessionId } from './search-session.ts'
import { track, trackCheckoutStep, trackWarrantyAddToCart } from './tracking.ts'

const fetchMock = vi.fn()

function setCookie(granted: ReturnType<typeof noConsent> | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie in the shop; tests play the server
  document.cookie = granted
    ? `bw_consent=${formatConsentCookie({ consentId: 'visitor-1', granted })}; path=/`
    : 'bw_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  resetConsentStore()
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

function sentBodies(path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)))
}

beforeEach(() => {
  fetchMock.mockReset()
  fetchMock.mockImplementation(async () => json({ successful: true }))
  vi.stubGlobal('fetch', fetchMock)
  window.localStorage.clear()
  setCookie(null)
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('track()', () => {
  it('sends nothing without a decision or after "Alle ablehnen"', async () => {
    expect(await track('page_view')).toBe(false)
    setCookie(noConsent())
    expect(await trackCheckoutStep('start')).toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends checkout steps and the warranty event with consent to statistics', async () => {
    setCookie({ ...noConsent(), statistics: true })
    expect(await trackCheckoutStep('payment')).toBe(true)
    expect(await trackWarrantyAddToCart({ productIds: [5], clickElementName: 'warranty-2y' })).toBe(
      true,
    )
    const [step, warranty] = sentBodies('/api/tracking/add')
    expect(step).toMatchObject({ eventType: 'checkout_payment', tid: 'visitor-1' })
    expect(step.url).not.toContain('?')
    expect(warranty).toMatchObject({
      eventType: 'add_to_cart_warranty',
      productIds: [5],
      clickElementName: 'warranty-2y',
    })
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit
    expect(init.keepalive).toBe(true)
  })

  it('reports a refused or failed call as false and never throws', async () => {
    setCookie({ ...noConsent(), statistics: true })
    fetchMock.mockImplementationOnce(async () => json({ code: 'consent_required' }, 422))
    expect(await track('tag', { label: 'x' })).toBe(false)
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('offline')
    })
    expect(await track('tag')).toBe(false)
  })
})

describe('consent store', () => {
  it('applies a saved decision at once and reports withdrawals', () => {
    const withdrawn: string[] = []
    const stop = onConsentWithdrawn((service) => withdrawn.push(service))
    applyConsent({ consentId: 'v', granted: allConsent() })
    expect(hasConsent('youtube')).toBe(true)
    applyConsent({ consentId: 'v', granted: { ...allConsent(), youtube: false, search: false } })
    expect(hasConsent('youtube')).toBe(false)
    expect(withdrawn.sort()).toEqual(['search', 'youtube'])
    stop()
  })

  it('reads the suggestion session id from storage only with consent, else "2"', () => {
    window.localStorage.setItem('bw_search_session', 'stored-id')
    expect(getSuggestionSessionId()).toBe(ANONYMOUS_SEARCH_SESSION)
    setCookie({ ...noConsent(), search: true })
    expect(getSuggestionSessionId()).toBe('stored-id')
    window.localStorage.clear()
    const created = getSuggestionSessionId()
    expect(created).toMatch(/^[0-9a-f]{32}$/)
    expect(window.localStorage.getItem('bw_search_session')).toBe(created)
  })
})

describe('VideoEmbed', () => {
  // happy-dom does not load iframes and logs a NotSupportedError for the player: expected.
  it('shows a placeholder without consent, the player with it, and removes it on withdrawal', () => {
    render(<VideoEmbed youtubeId="M7lc1UVf-VE" title="Kaufberatung" />)
    expect(screen.queryByTitle('Kaufberatung')).toBeNull()
    expect(screen.getByRole('button', { name: 'YouTube erlauben und Video laden' })).toBeTruthy()
    act(() => applyConsent({ consentId: 'v', granted: { ...noConsent(), youtube: true } }))
    const frame = screen.getByTitle('Kaufberatung')
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE')
    act(() => applyConsent({ consentId: 'v', granted: noConsent() }))
    expect(screen.queryByTitle('Kaufberatung')).toBeNull()
  })
})

describe('ConsentRoot', () => {
  function renderRoot() {
    return render(
      <MemoryRouter>
        <ConsentRoot />
      </MemoryRouter>,
    )
  }

  it('shows the banner without a decision and saves "Alle ablehnen" with the page as referrer', async () => {
    fetchMock.mockImplementation(async () =>
      json({ successful: true, consentId: 'new-id', version: 1, services: [] }),
    )
    renderRoot()
    const banner = await screen.findByRole('dialog', { name: 'Deine Privatsphäre, deine Wahl' })
    // The banner may come with the server's HTML: its buttons work once hydrated.
    const deny = screen.getByRole('button', { name: 'Alle ablehnen' }) as HTMLButtonElement
    await waitFor(() => expect(deny.disabled).toBe(false))
    fireEvent.click(deny)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(banner.isConnected).toBe(false)
    const [body] = sentBodies('/api/consent')
    expect(body.action).toBe('deny_all')
    expect(body.referrer).not.toContain('?')
    expect(body.consentData).toHaveLength(7)
    expect(body.consentData.every((s: { consentStatus: boolean }) => !s.consentStatus)).toBe(true)
    // No tracking call after a refusal.
    expect(sentBodies('/api/tracking/add')).toEqual([])
  })

  it('shows no banner once decided, and tracks the page view only with statistics', async () => {
    setCookie({ ...noConsent(), statistics: true })
    renderRoot()
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(sentBodies('/api/tracking/add')).toHaveLength(1))
    expect(sentBodies('/api/tracking/add')[0]).toMatchObject({ eventType: 'page_view' })
  })

  it('keeps the banner when saving fails, with a message', async () => {
    fetchMock.mockImplementation(async () => json({ code: 'general_error', message: 'x' }, 500))
    renderRoot()
    const accept = (await screen.findByRole('button', {
      name: 'Alle akzeptieren',
    })) as HTMLButtonElement
    await waitFor(() => expect(accept.disabled).toBe(false))
    fireEvent.click(accept)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('konnten nicht gespeichert'),
    )
    expect(hasConsent('statistics')).toBe(false)
  })
})
