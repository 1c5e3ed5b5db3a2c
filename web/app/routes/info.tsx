import { data, type LoaderFunctionArgs, useParams } from 'react-router-dom'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { LegalTextView, prefetchLegalText, useLegalText } from '#web/features/legal/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { INFO_SECTIONS, type InfoSection, paths } from '#web/lib/paths.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { PageMeta } from '#web/lib/site.tsx'

function isInfoSection(value: string | undefined): value is InfoSection {
  return value !== undefined && Object.hasOwn(INFO_SECTIONS, value)
}

export async function infoLoader(ctx: RouteContext, { params, request }: LoaderFunctionArgs) {
  if (!isInfoSection(params.section)) throw data(null, { status: 404 })
  await prefetchLegalText(ctx.queryClient, request, params.section)
  return null
}

/**
 * Information pages (/infocenter/section/...): the legal texts, each in its newest version
 * (issue 20: maintained by admins in the back office with versions), rendered on the server.
 */
export function InfoPage() {
  const { section } = useParams()
  return isInfoSection(section) ? <LegalPage section={section} /> : null
}

function LegalPage({ section }: { section: InfoSection }) {
  const text = useLegalText(section)
  const title = INFO_SECTIONS[section]
  const legal = text.data?.status === 200 ? text.data.body : undefined
  return (
    <article className="container info-page">
      <PageMeta
        title={title}
        description={`${title} von Bitwerk`}
        canonicalPath={paths.info(section)}
      />
      <h1>{title}</h1>
      {legal ? (
        <>
          <LegalTextView body={legal.body} />
          <p className="info-page__version">
            Fassung {legal.version} vom {formatDate(legal.createdAt)}
          </p>
        </>
      ) : (
        <p>{text.isPending ? 'Wird geladen …' : t('content_unavailable')}</p>
      )}
    </article>
  )
}
