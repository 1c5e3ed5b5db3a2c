import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { t } from '#web/lib/messages.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { NotFoundPage } from './not-found.tsx'

/** Error element of the pages: 404 shows NotFound, everything else the general message. */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return (
    <div className="container not-found">
      <PageMeta title="Fehler" noindex />
      <h1 className="not-found__title">Das hat leider nicht geklappt</h1>
      <p role="alert">{t('general_error')}</p>
    </div>
  )
}
