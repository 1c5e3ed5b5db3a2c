import type { AdTemplate } from '#contract/ads.ts'
import { Link } from '#web/components/ui/link.tsx'

/** Internal paths navigate in the app; other (https) links open normally. */
export function SmartLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string
  className?: string
  onClick?: () => void
  children: React.ReactNode
}) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} className={className} rel="noopener" onClick={onClick}>
      {children}
    </a>
  )
}

/** One house ad, marked "Anzeige". */
export function AdCard({ ad, hidden }: { ad: AdTemplate; hidden?: boolean }) {
  return (
    <div
      className={`ad-card ad-card--${ad.kind} ad-card--${ad.theme}`}
      hidden={hidden}
      data-creative-id={ad.creativeId}
    >
      {ad.imageUrl && <img className="ad-card__image" src={ad.imageUrl} alt={ad.imageAlt} />}
      <div className="ad-card__body">
        <span className="ad-card__label">Anzeige</span>
        <p className="ad-card__headline">{ad.headline}</p>
        <p className="ad-card__text">{ad.text}</p>
        <SmartLink href={ad.linkUrl} className="ad-card__link">
          {ad.linkLabel}
        </SmartLink>
      </div>
    </div>
  )
}
