// Pages of the newsletter: the sign-up page and the two mail links. Loaded lazily (the form
// brings zod); the server still renders them completely.
import type { RouteObject } from 'react-router-dom'
import { prefetchAdSlot, prefetchContent } from '#web/features/ads/index.ts'
import type { RouteContext } from '#web/lib/route-context.ts'

export function newsletterRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      path: 'newsletter',
      loader: async ({ request }) => {
        await Promise.all([
          prefetchContent(ctx.queryClient, request, 'newsletter_intro'),
          prefetchAdSlot(ctx.queryClient, request, { target: 'newsletter-teaser' }),
        ])
        return null
      },
      lazy: async () => ({
        Component: (await import('./components/newsletter-page.tsx')).NewsletterPage,
      }),
    },
    {
      path: 'newsletter/aktivieren',
      lazy: async () => ({
        Component: (await import('./components/activation-page.tsx')).ActivationPage,
      }),
    },
    {
      path: 'newsletter/abmelden',
      lazy: async () => ({
        Component: (await import('./components/unsubscribe-page.tsx')).UnsubscribePage,
      }),
    },
  ]
}
