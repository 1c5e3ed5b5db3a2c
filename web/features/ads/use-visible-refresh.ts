import { type RefObject, useEffect, useState } from 'react'

/** Ads load when at least half visible for 1 s, then refresh every 60 s (storefront 9). */
export const AD_VISIBLE_RATIO = 0.5
export const AD_VISIBLE_DWELL_MS = 1000
export const AD_REFRESH_MS = 60_000

/**
 * Counts load rounds of an element: round 1 after it was at least `ratio` visible for `dwellMs`,
 * then one more every `refreshMs` while it stays visible (a hidden slot waits until it is seen
 * again for `dwellMs`). Round 0 means: not loaded yet.
 */
export function useVisibleRefresh(
  ref: RefObject<Element | null>,
  options: { ratio?: number; dwellMs?: number; refreshMs?: number } = {},
): number {
  const ratio = options.ratio ?? AD_VISIBLE_RATIO
  const dwellMs = options.dwellMs ?? AD_VISIBLE_DWELL_MS
  const refreshMs = options.refreshMs ?? AD_REFRESH_MS
  const [round, setRound] = useState(0)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastLoad: number | undefined
    let isVisible = false
    const schedule = () => {
      const due =
        lastLoad === undefined ? dwellMs : Math.max(dwellMs, lastLoad + refreshMs - Date.now())
      timer = setTimeout(() => {
        lastLoad = Date.now()
        setRound((current) => current + 1)
        schedule()
      }, due)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.intersectionRatio >= ratio)
        if (visible === isVisible) return
        isVisible = visible
        clearTimeout(timer)
        timer = undefined
        if (visible) schedule()
      },
      { threshold: [0, ratio, 1] },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [ref, ratio, dwellMs, refreshMs])
  return round
}
