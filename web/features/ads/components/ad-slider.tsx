import { useEffect, useId, useState } from 'react'
import type { AdTemplate } from '#contract/ads.ts'
import { AdCard } from './ad-card.tsx'

/** Slides change every 5 s (storefront section 9). */
export const AD_SLIDER_INTERVAL_MS = 5000

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/**
 * Several ads, one at a time. With rotation they change every 5 s; hovering, focusing or the
 * pause button stops that (WCAG 2.2.2), and so does a wish for reduced motion.
 */
export function AdSlider({ ads, rotation }: { ads: AdTemplate[]; rotation: boolean }) {
  const id = useId()
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const [hovered, setHovered] = useState(false)
  const count = ads.length
  const current = count > 0 ? index % count : 0
  const autoplay = rotation && count > 1 && !paused && !hovered

  useEffect(() => {
    if (!autoplay || prefersReducedMotion()) return
    const timer = setInterval(() => setIndex((i) => i + 1), AD_SLIDER_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [autoplay])

  return (
    <section
      className="ad-slider"
      aria-roledescription="Karussell"
      aria-label="Angebote"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div
        id={`${id}-slides`}
        className="ad-slider__slides"
        aria-live={autoplay ? 'off' : 'polite'}
      >
        {ads.map((ad, i) => (
          <div key={ad.creativeId} className="ad-slider__slide" hidden={i !== current}>
            <AdCard ad={ad} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="ad-slider__controls">
          {rotation && (
            <button
              type="button"
              className="ad-slider__pause"
              aria-controls={`${id}-slides`}
              onClick={() => setPaused((p) => !p)}
            >
              {paused ? 'Abspielen' : 'Pausieren'}
            </button>
          )}
          {ads.map((ad, i) => (
            <button
              key={ad.creativeId}
              type="button"
              className="ad-slider__dot"
              aria-label={`Anzeige ${i + 1} von ${count} zeigen`}
              aria-current={i === current ? 'true' : undefined}
              aria-controls={`${id}-slides`}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  )
}
