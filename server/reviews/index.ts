// reviews slice (issue 22): product reviews (one per customer and product), their comments and
// "Hilfreich" votes, spam protection, and the back office's moderation; keeps the catalog's
// rating columns current through catalog's setProductRating.
export { reviewsRouter } from './router.ts'
export { backofficeReviewsRouter } from './staff-router.ts'
