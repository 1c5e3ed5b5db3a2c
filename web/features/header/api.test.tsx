// The full login turns soft on the client at fullLoginExpiryTimestamp minus 1 s (account-area §4).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cachedHeaderData, headerKeys, useFullLoginExpiry } from './api.ts'

const NOW = new Date('2026-11-21T10:00:00Z')

function headerResponse(expiry: number | null) {
  return {
    status: 200,
    headers: new Headers(),
    body: {
      wishlistItemCount: 0,
      wishlist: [],
      cartAmount: 0,
      cartContent: [],
      isLoggedIn: expiry !== null,
      isLoggedInSoft: false,
      fullLoginExpiryTimestamp: expiry,
      firstName: 'Lena',
      comparison: [],
      tid: null,
      trackingId: null,
      testGroup: null,
      contactId: null,
      whiteLabel: false,
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useFullLoginExpiry', () => {
  it('marks the login soft at expiry minus 1 s, not before', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } })
    const expiry = NOW.getTime() / 1000 + 60
    queryClient.setQueryData(headerKeys.data(), headerResponse(expiry))
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    )
    renderHook(() => useFullLoginExpiry(expiry), { wrapper })
    act(() => {
      vi.advanceTimersByTime(58_999)
    })
    expect(cachedHeaderData(queryClient)).toMatchObject({ isLoggedIn: true })
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(cachedHeaderData(queryClient)).toMatchObject({
      isLoggedIn: false,
      isLoggedInSoft: true,
      fullLoginExpiryTimestamp: null,
      firstName: 'Lena',
    })
  })

  it('does nothing without a full login', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } })
    queryClient.setQueryData(headerKeys.data(), headerResponse(null))
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    )
    renderHook(() => useFullLoginExpiry(null), { wrapper })
    act(() => {
      vi.advanceTimersByTime(24 * 3600 * 1000)
    })
    expect(cachedHeaderData(queryClient)).toMatchObject({
      isLoggedIn: false,
      isLoggedInSoft: false,
    })
  })
})
