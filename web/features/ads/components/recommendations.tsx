import type { RecommendationQuery } from '#contract/ads.ts'
import { useConsent } from '#web/features/consent/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { clickRecommendation, useRecommendations } from '../api.ts'
import { SmartLink } from './ad-card.tsx'

const TITLES = {
  bought_together: 'Wird oft zusammen gekauft',
  category_popular: 'Beliebt in dieser Kategorie',
} as const

/**
 * First-party recommendations; requested only with consent to personalised recommendations.
 * Renders nothing while the list is empty (a new product nobody bought together yet).
 */
export function Recommendations({ query }: { query: RecommendationQuery }) {
  const { granted } = useConsent()
  const { data: products = [] } = useRecommendations(query, { enabled: granted.recommendations })
  if (!granted.recommendations || products.length === 0) return null
  return (
    <section className="recommendations" aria-labelledby={`reco-${query.type}`}>
      <h2 id={`reco-${query.type}`}>{TITLES[query.type]}</h2>
      <ul className="recommendations__list">
        {products.map((product, index) => (
          <li key={product.productId} className="recommendations__item">
            <SmartLink
              href={product.url}
              className="recommendations__link"
              onClick={() =>
                void clickRecommendation({
                  productId: product.productId,
                  recommendationType: query.type,
                  position: index + 1,
                  sourceProductId: query.productId,
                  url: `${window.location.origin}${window.location.pathname}`,
                })
              }
            >
              <img src={product.image} alt="" width={120} height={120} loading="lazy" />
              <span className="recommendations__name">{product.name}</span>
              <span className="price">{formatPrice(product.priceCents)}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
