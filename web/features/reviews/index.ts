// reviews slice (issue 22): the product page's "Bewertungen" section, its loader prefetch and the
// JSON-LD parts (AggregateRating, Review); the back office's moderation page is in backoffice.
export { prefetchProductReviews, reviewKeys, useProductReviews } from './api.ts'
export { ReviewsSection } from './components/reviews-section.tsx'
export { reviewsJsonLd } from './json-ld.ts'
