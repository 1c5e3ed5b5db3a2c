import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { useRef } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdTemplate } from '#contract/ads.ts'
import { tsr } from '#web/lib/tsr.ts'
import { adsKeys, targetingValue } from './api.ts'
import { AD_SLIDER_INTERVAL_MS, AdSlider } from './components/ad-slider.tsx'
import { AdSlot } from './components/ad-slot.tsx'
import { ContentBlocks } from './components/content-blocks.tsx'
import { faqItems } from './components/help-panel.tsx'
import { useVisibleRefresh } from './use-visible-refresh.ts'

type ObserverCallback = (entries: { intersectionRatio: number }[]) => void
let observe: ObserverCallback = () => {}

class FakeIntersectionObserver {
  constructor(callback: ObserverCallback) {
    observe = callback
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('useVisibleRefresh', () => {
  function setup() {
    return renderHook(() => {
      const ref = useRef<HTMLDivElement>(document.createElement('div'))
      return useVisibleRefresh(ref)
    })
  }

  it('loads after 1 s at least half visible, then every 60 s while visible', () => {
    const { result } = setup()
    expect(result.current).toBe(0)
    act(() => observe([{ intersectionRatio: 0.4 }]))
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current).toBe(0)
    act(() => observe([{ intersectionRatio: 0.6 }]))
    act(() => vi.advanceTimersByTime(999))
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(1)
    act(() => vi.advanceTimersByTime(60_000))
    expect(result.current).toBe(2)
  })

  it('does not refresh while hidden, and waits 1 s of visibility again', () => {
    const { result } = setup()
    act(() => observe([{ intersectionRatio: 1 }]))
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toBe(1)
    act(() => observe([{ intersectionRatio: 0 }]))
    act(() => vi.advanceTimersByTime(120_000))
    expect(result.current).toBe(1)
    act(() => observe([{ intersectionRatio: 0.5 }]))
    act(() => vi.advanceTimersByTime(999))
    expect(result.current).toBe(1)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(2)
  })
})

function ad(creativeId: number, headline: string): AdTemplate {
  return {
    creativeId,
    lineItemId: 1,
    targetId: 'home-slider',
    kind: 'slider',
    headline,
    text: 'Text',
    linkUrl: '/newsletter',
    linkLabel: 'Mehr',
    imageUrl: null,
    imageAlt: '',
    theme: 'navy',
  }
}

describe('AdSlider', () => {
  function visibleHeadline() {
    return screen
      .getAllByText(/^Anzeige [AB]$/)
      .filter((element) => !element.closest('[hidden]'))
      .map((element) => element.textContent)
  }

  it('changes the ad every 5 s with rotation, and stops when paused', () => {
    render(
      <MemoryRouter>
        <AdSlider ads={[ad(1, 'Anzeige A'), ad(2, 'Anzeige B')]} rotation />
      </MemoryRouter>,
    )
    expect(visibleHeadline()).toEqual(['Anzeige A'])
    act(() => vi.advanceTimersByTime(AD_SLIDER_INTERVAL_MS))
    expect(visibleHeadline()).toEqual(['Anzeige B'])
    fireEvent.click(screen.getByRole('button', { name: 'Pausieren' }))
    act(() => vi.advanceTimersByTime(AD_SLIDER_INTERVAL_MS * 3))
    expect(visibleHeadline()).toEqual(['Anzeige B'])
    fireEvent.click(screen.getByRole('button', { name: 'Anzeige 1 von 2 zeigen' }))
    expect(visibleHeadline()).toEqual(['Anzeige A'])
  })

  it('does not move without rotation', () => {
    render(
      <MemoryRouter>
        <AdSlider ads={[ad(1, 'Anzeige A'), ad(2, 'Anzeige B')]} rotation={false} />
      </MemoryRouter>,
    )
    act(() => vi.advanceTimersByTime(AD_SLIDER_INTERVAL_MS * 2))
    expect(visibleHeadline()).toEqual(['Anzeige A'])
    expect(screen.queryByRole('button', { name: 'Pausieren' })).toBeNull()
  })
})

describe('content', () => {
  it('renders blocks with safe links only', () => {
    render(
      <MemoryRouter>
        <ContentBlocks
          blocks={[
            { type: 'heading', text: 'Versand' },
            { type: 'paragraph', text: 'Siehe [AGB](/infocenter/section/conditions).' },
            { type: 'list', items: ['[böse](javascript:alert(1))'] },
          ]}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Versand' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'AGB' }).getAttribute('href')).toBe(
      '/infocenter/section/conditions',
    )
    expect(screen.queryByRole('link', { name: 'böse' })).toBeNull()
  })

  it('turns the help questions into accordion items', () => {
    const items = faqItems([
      { type: 'heading', text: 'Frage 1' },
      { type: 'paragraph', text: 'Antwort 1' },
      { type: 'heading', text: 'Frage 2' },
      { type: 'paragraph', text: 'Antwort 2' },
    ])
    expect(items.map((item) => item.title)).toEqual(['Frage 1', 'Frage 2'])
  })

  it('lowercases category and keyword values', () => {
    expect(targetingValue([' Grafikkarten ', 'MARKE:Asus', ''])).toBe('grafikkarten,marke:asus')
    expect(targetingValue([])).toBeUndefined()
  })
})

describe('AdSlot with the answers the page loaded first (round 0)', () => {
  function firstAnswers(client: QueryClient, desktop: AdTemplate[], mobile: AdTemplate[]) {
    const answer = (target: string, ads: AdTemplate[]) => ({
      status: 200,
      body: { templates: { [target]: ads }, rotationIsActive: false, error: null },
      headers: new Headers(),
    })
    const targeting = { categories: 'tv-audio,fernseher' }
    client.setQueryData(
      adsKeys.slots({ targets: 'category-top', 'is-mobile': '0', ...targeting }, 0),
      answer('category-top', desktop),
    )
    client.setQueryData(
      adsKeys.slots({ targets: 'category-top-mobile', 'is-mobile': '1', ...targeting }, 0),
      answer('category-top-mobile', mobile),
    )
  }

  function serverHtml(client: QueryClient): string {
    return renderToString(
      <QueryClientProvider client={client}>
        <tsr.ReactQueryProvider>
          <MemoryRouter>
            <AdSlot
              target="category-top"
              mobileTarget="category-top-mobile"
              categories={['TV-Audio', 'Fernseher']}
            />
          </MemoryRouter>
        </tsr.ReactQueryProvider>
      </QueryClientProvider>,
    )
  }

  it('shows the ad in the first HTML and takes no room on a device without one', () => {
    const client = new QueryClient()
    firstAnswers(client, [{ ...ad(7, 'Gaming-Wochen'), targetId: 'category-top' }], [])
    const html = serverHtml(client)
    expect(html).toContain('Gaming-Wochen')
    expect(html).toContain('ad-slot--none-mobile')
    expect(html).not.toContain('ad-slot--none-desktop')
    expect(html).not.toContain('ad-slot--empty')
  })

  it('takes no room anywhere when neither device has an ad', () => {
    const client = new QueryClient()
    firstAnswers(client, [], [])
    const html = serverHtml(client)
    expect(html).toContain('ad-slot--none-desktop')
    expect(html).toContain('ad-slot--none-mobile')
  })

  it('reserves its room on both devices when the page did not ask first', () => {
    const html = serverHtml(new QueryClient())
    expect(html).toContain('class="ad-slot ad-slot--banner"')
  })
})
