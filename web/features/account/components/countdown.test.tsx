import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '#web/lib/messages.ts'
import { minutesAndSeconds, useSecondsLeft } from './countdown.ts'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('blocked-login countdown', () => {
  it('counts down to loginBlockedUntil every second and stops at 0', () => {
    const until = Date.now() / 1000 + 65
    const { result } = renderHook(() => useSecondsLeft(until))
    expect(result.current).toBe(65)
    act(() => {
      vi.advanceTimersByTime(6000)
    })
    expect(result.current).toBe(59)
    act(() => {
      vi.advanceTimersByTime(70_000)
    })
    expect(result.current).toBe(0)
  })

  it('shows m:ss in the spec message', () => {
    expect(t('login_blocked', minutesAndSeconds(65))).toBe(
      'Es gab zu viele erfolglose Anmeldeversuche. Bitte warte 1:05 Minuten, bis du dich erneut einloggen kannst.',
    )
    expect(minutesAndSeconds(300)).toEqual({ m: 5, s: '00' })
  })
})
