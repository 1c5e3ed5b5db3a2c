// Newsletter slice: the /newsletter page with sign-up (double opt-in), activation and unsubscribe
// pages, the reusable form (checkout) and the browser's spam protection for every form type.
export { NewsletterSignup } from './components/newsletter-signup.tsx'
export { newsletterRoutes } from './routes.tsx'
export { markFormSubmitted, spamBlockedMinutes } from './spam-protection.ts'
