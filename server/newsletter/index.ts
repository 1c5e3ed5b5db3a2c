// newsletter slice: sign-ups with double opt-in, activation and unsubscribe; spam protection per
// form type, which other forms (product reviews, review comments) use through this index.
export { newsletterRouter } from './router.ts'
export { newsletterJobs } from './service.ts'
export { checkSpamProtection, type SpamBlocked } from './spam-protection.ts'
