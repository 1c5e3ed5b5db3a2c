import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useIsMobile } from '#web/lib/use-media.ts'
import { adSlotRequests, useAds } from '../api.ts'
import { useVisibleRefresh } from '../use-visible-refresh.ts'
import { AdCard } from './ad-card.tsx'

// The slider's code loads with its first ads (never before 1 s in view): not in the first load.
const AdSlider = lazy(() => import('./ad-slider.tsx').then((m) => ({ default: m.AdSlider })))

type AdSlotProps = {
  /** The slot's target id, e.g. "category-top" (slots are per device and page). */
  target: string
  /** The mobile variant's target id (below 1024 px), when the page has one, e.g. "category-top-mobile". */
  mobileTarget?: string
  /** A banner (one ad, taking turns at each refresh) or a slider (every ad, 5 s each). */
  kind?: 'banner' | 'slider'
  /** Category values of the page, e.g. ["grafikkarten"]; sent lowercased. */
  categories?: string[]
  /** Keywords or key:value pairs, e.g. ["marke:asus"]; sent lowercased. */
  keywords?: string[]
  className?: string
}

/** Whether a round-0 answer (the page's loader) holds ads for the target; undefined without one. */
function hasAds(
  data: { status: number; body: unknown } | undefined,
  target: string,
): boolean | undefined {
  if (data?.status !== 200) return undefined
  const body = data.body as { templates: Record<string, unknown[]> }
  return (body.templates[target]?.length ?? 0) > 0
}

/**
 * An ad slot. Its space is reserved by CSS, so loading never shifts the page. When the page's
 * loader asked the server first (round 0), the slot takes room only on the devices that have an
 * ad for it, and shows that ad in the first HTML; without that answer it reserves its room.
 * It loads (again) when at least half of it was visible for 1 s and refreshes every 60 s while
 * visible.
 */
export function AdSlot({
  target: desktopTarget,
  mobileTarget,
  kind = 'banner',
  categories,
  keywords,
  className,
}: AdSlotProps) {
  const ref = useRef<HTMLDivElement>(null)
  const isMobile = useIsMobile()
  // The slider's code is lazy: the server and the hydration render its room only (a suspended
  // boundary on the server would need an inline script, which the CSP forbids).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const target = isMobile && mobileTarget ? mobileTarget : desktopTarget
  const round = useVisibleRefresh(ref)
  const [desktopRequest, mobileRequest] = adSlotRequests({
    target: desktopTarget,
    mobileTarget,
    categories,
    keywords,
  })
  const desktopHas = hasAds(useAds(desktopRequest, 0).data, desktopRequest.targets[0] ?? '')
  const mobileHas = hasAds(useAds(mobileRequest, 0).data, mobileRequest.targets[0] ?? '')
  const { data } = useAds(isMobile ? mobileRequest : desktopRequest, round)
  const answer = data?.status === 200 ? data.body : undefined
  const ads = answer?.templates[target] ?? []
  const loadedEmpty = round > 0 && answer !== undefined && ads.length === 0
  const classes = [
    'ad-slot',
    `ad-slot--${kind}`,
    loadedEmpty && 'ad-slot--empty',
    desktopHas === false && 'ad-slot--none-desktop',
    mobileHas === false && 'ad-slot--none-mobile',
    className,
  ]
    .filter(Boolean)
    .join(' ')
  const banner = ads.length > 0 ? ads[Math.max(round - 1, 0) % ads.length] : undefined
  return (
    <div ref={ref} className={classes} data-ad-target={target}>
      {kind === 'slider' && hydrated && ads.length > 0 && (
        <Suspense fallback={null}>
          <AdSlider ads={ads} rotation={answer?.rotationIsActive ?? false} />
        </Suspense>
      )}
      {kind === 'banner' && banner && <AdCard ad={banner} />}
    </div>
  )
}
