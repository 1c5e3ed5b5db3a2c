import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { isApiResponse } from '#web/lib/prefetch.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { NotFoundPage } from './not-found.tsx'

/** Error element of the pages: 404 shows NotFound, everything else the general message. */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  // 503: the shop's database is away for a moment (the answer carries Retry-After).
  const unavailable = isApiResponse(error) && error.status === 503
  return (
    <div className="container not-found">
      <PageMeta title="Fehler" noindex />
      <h1 className="not-found__title">Das hat leider nicht geklappt</h1>
      <p role="alert">{t(unavailable ? 'service_unavailable' : 'general_error')}</p>
    </div>
  )
}
