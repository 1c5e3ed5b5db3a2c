import { useRef } from 'react'
import { useAds } from '../api.ts'
import { useMediaQuery } from '../use-media-query.ts'
import { useVisibleRefresh } from '../use-visible-refresh.ts'
import { AdCard } from './ad-card.tsx'

/** Container (1280 px) plus a 160 px skin and a 20 px gap on either side. */
export const SITE_SKIN_MIN_WIDTH = 1280 + 2 * (160 + 20)

function SiteSkinAds() {
  const ref = useRef<HTMLDivElement>(null)
  const round = useVisibleRefresh(ref)
  const { data } = useAds({ targets: ['skin-left', 'skin-right'], isMobile: false }, round)
  const templates = data?.status === 200 ? data.body.templates : {}
  const left = templates['skin-left']?.[0]
  const right = templates['skin-right']?.[0]
  return (
    <>
      <div ref={ref} className="site-skin site-skin--left" data-ad-target="skin-left">
        {left && <AdCard ad={left} />}
      </div>
      <div className="site-skin site-skin--right" data-ad-target="skin-right">
        {right && <AdCard ad={right} />}
      </div>
    </>
  )
}

/**
 * Site-skin ads left and right of the page: desktop only, and only when the window is wider than
 * the main container plus both skins. Fixed beside the content, so they never move it.
 */
export function SiteSkins() {
  const wide = useMediaQuery(`(min-width: ${SITE_SKIN_MIN_WIDTH}px)`)
  return wide ? <SiteSkinAds /> : null
}
