// Campus slice: registration by university e-mail or document, the membership lifecycle and its
// job, and the one rule of who is a member (catalog prices, cart). Staff review it through
// the functions below (they take the back office's audited transaction).
export { campusJobs, runCampusLifecycle } from './jobs.ts'
export { campusStatusOf } from './membership.ts'
export { openDocumentApplicationId } from './repo.ts'
export {
  approveApplication,
  getReviewApplication,
  listReviewApplications,
  type ReviewChange,
  readApplicationDocument,
  rejectApplication,
  reviewQueueStats,
} from './review.ts'
export { campusRouter } from './router.ts'
