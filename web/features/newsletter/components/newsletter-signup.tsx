import { type ComponentProps, lazy, Suspense } from 'react'

const NewsletterFormChunk = lazy(() =>
  import('./newsletter-form.tsx').then((module) => ({ default: module.NewsletterForm })),
)

/**
 * The sign-up form for other pages (e.g. the checkout's newsletter box with formType
 * "checkout_newsletter"). Loaded on demand: its validation brings zod, which stays out of the
 * first bundle.
 */
export function NewsletterSignup(props: ComponentProps<typeof NewsletterFormChunk>) {
  return (
    <Suspense fallback={<p aria-busy="true">Wird geladen …</p>}>
      <NewsletterFormChunk {...props} />
    </Suspense>
  )
}
