import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { ProductTile as Tile } from '#contract/catalog.ts'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '#web/components/ui/index.ts'
import { useLastSeenProducts, useTopProducts } from '../api.ts'
import { CAROUSEL, LAST_SEEN_MARGIN_PX } from '../constants.ts'
import { ProductTile } from './product-tile.tsx'

/** How many tiles the CSS shows side by side (--per-view, set by media queries). */
function readPerView(track: HTMLElement | null): number {
  if (!track) return 4
  const value = Number.parseInt(getComputedStyle(track).getPropertyValue('--per-view'), 10)
  return Number.isFinite(value) && value > 0 ? value : 4
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/**
 * Whether the element has come within 400 px of the window. A lazy picture loads only once it
 * is inside the window, and the slides beyond the first ones are clipped by the slider's
 * viewport: they stayed empty until they slid in (and a moment after). Once the slider is near,
 * every slide's picture loads at once. `shown`: the element is rendered (checked again when it
 * appears).
 */
function useNearViewport(ref: React.RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!shown || !element || near) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, shown, near])
  return near
}

type ProductSliderProps = {
  title: string
  products: Tile[]
  /** Turns automatically every 5 s unless paused (hover, focus, button, reduced motion). */
  autoplay?: boolean
}

/**
 * A product carousel (storefront section 9: speed 400, interval 5000 ms, gap 10, move 1).
 * Reused by the home page, product pages and the account dashboard.
 */
export function ProductSlider({ title, products, autoplay = true }: ProductSliderProps) {
  const headingId = useId()
  const trackRef = useRef<HTMLUListElement>(null)
  const [index, setIndex] = useState(0)
  const [perView, setPerView] = useState(4)
  const [stopped, setStopped] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [reducedMotion, setReducedMotion] = useState(false)
  const maxIndex = Math.max(0, products.length - perView)
  // The track renders once there are products (the slider is empty while they load).
  const near = useNearViewport(trackRef, products.length > 0)

  useEffect(() => {
    setReducedMotion(prefersReducedMotion())
    const update = () => setPerView(readPerView(trackRef.current))
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])

  useEffect(() => {
    setIndex((current) => Math.min(current, maxIndex))
  }, [maxIndex])

  const move = useCallback(
    (step: number) =>
      setIndex((current) => {
        const next = current + step * CAROUSEL.move
        if (next > maxIndex) return 0
        if (next < 0) return maxIndex
        return next
      }),
    [maxIndex],
  )

  const running = autoplay && !stopped && !hovered && !reducedMotion && maxIndex > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => move(1), CAROUSEL.intervalMs)
    return () => clearInterval(timer)
  }, [running, move])

  if (products.length === 0) return null
  return (
    <section
      className="slider"
      aria-labelledby={headingId}
      aria-roledescription="Karussell"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false)
      }}
    >
      <div className="slider__head">
        <h2 id={headingId} className="slider__title">
          {title}
        </h2>
        {maxIndex > 0 && (
          <div className="slider__controls">
            {autoplay && !reducedMotion && (
              <button
                type="button"
                className="slider__button"
                onClick={() => setStopped((value) => !value)}
                aria-label={
                  stopped ? 'Automatisches Blättern starten' : 'Automatisches Blättern anhalten'
                }
              >
                {stopped ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
              </button>
            )}
            <button
              type="button"
              className="slider__button"
              onClick={() => move(-1)}
              aria-label={`Vorherige Produkte: ${title}`}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="slider__button"
              onClick={() => move(1)}
              aria-label={`Nächste Produkte: ${title}`}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      <div className="slider__viewport">
        <ul
          ref={trackRef}
          className="slider__track"
          style={{
            transform: `translateX(calc(${-index} * (100% + ${CAROUSEL.gapPx}px) / var(--per-view)))`,
            transitionDuration: `${CAROUSEL.speedMs}ms`,
          }}
        >
          {products.map((product, i) => (
            <li
              key={product.id}
              className="slider__slide"
              aria-roledescription="Folie"
              aria-label={`${i + 1} von ${products.length}`}
              onFocus={() => {
                if (i < index || i >= index + perView) setIndex(Math.min(i, maxIndex))
              }}
            >
              <ProductTile product={product} preload={near} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** "Top Produkte": best sellers, of a category subtree or of the whole shop (without `excludeId`). */
export function TopProductsSlider({
  categoryId,
  excludeId,
}: {
  categoryId?: number
  excludeId?: number
}) {
  const { data } = useTopProducts(categoryId)
  const products =
    data?.status === 200 ? data.body.products.filter((product) => product.id !== excludeId) : []
  return <ProductSlider title="Top Produkte" products={products} />
}

/**
 * "Zuletzt angesehene Produkte": loads when the slider comes within 100 px of the viewport
 * (the spec polls every 300 ms; an IntersectionObserver does the same without polling).
 */
export function LastSeenSlider({ excludeId }: { excludeId?: number }) {
  const sentinel = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = sentinel.current
    if (!element || near) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: `${LAST_SEEN_MARGIN_PX}px 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  const { data } = useLastSeenProducts(excludeId, near)
  const products = data?.status === 200 ? data.body.products : []
  return (
    <div ref={sentinel} className="last-seen" data-loaded={data ? 'true' : 'false'}>
      <ProductSlider title="Zuletzt angesehene Produkte" products={products} autoplay={false} />
    </div>
  )
}
