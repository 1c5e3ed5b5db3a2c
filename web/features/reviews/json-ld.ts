// schema.org AggregateRating and Review for the product page's JSON-LD (issue 22): built from the
// catalog's rating and the first page of published reviews, both in the server-rendered HTML.
import type { ProductReviews } from '#contract/reviews.ts'

export function reviewsJsonLd(reviews: ProductReviews | null) {
  if (!reviews || reviews.summary.averageX100 === null || reviews.summary.count === 0) return {}
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: (reviews.summary.averageX100 / 100).toFixed(1),
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.text,
      datePublished: review.publishedAt.slice(0, 10),
      author: { '@type': 'Person', name: review.authorName },
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
    })),
  }
}
