import { data, type LoaderFunctionArgs, useParams } from 'react-router-dom'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { ContentBlocks, prefetchContent, useContent } from '#web/features/ads/index.ts'
import { INFO_SECTIONS, type InfoSection, paths } from '#web/lib/paths.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { PageMeta } from '#web/lib/site.tsx'

function isInfoSection(value: string | undefined): value is InfoSection {
  return value !== undefined && Object.hasOwn(INFO_SECTIONS, value)
}

/** The page's content block: its path with slashes replaced by underscores. */
function contentId(section: InfoSection): string {
  return paths.info(section).slice(1).replaceAll('/', '_')
}

export async function infoLoader(ctx: RouteContext, { params, request }: LoaderFunctionArgs) {
  if (!isInfoSection(params.section)) throw data(null, { status: 404 })
  await prefetchContent(ctx.queryClient, request, contentId(params.section))
  return null
}

const PLACEHOLDER =
  'Platzhalter: Dieser Text ist ein Muster für den Demo-Shop und kein rechtsverbindlicher Inhalt. Vor dem Start wird er durch den geprüften Rechtstext ersetzt.'

/**
 * Information pages (/infocenter/section/...): legal texts and service information from editable
 * content blocks, rendered on the server. Placeholder texts stay marked as such.
 */
export function InfoPage() {
  const { section } = useParams()
  const valid = isInfoSection(section)
  const content = useContent(valid ? contentId(section) : '', { enabled: valid })
  if (!valid) return null
  const title = INFO_SECTIONS[section]
  const snippet = content.data?.status === 200 ? content.data.body : undefined
  return (
    <article className="container info-page">
      <PageMeta
        title={title}
        description={`${title} von Bitwerk`}
        canonicalPath={paths.info(section)}
      />
      <h1>{title}</h1>
      {(!snippet || snippet.isPlaceholder) && (
        <p className="info-page__placeholder" role="note">
          {PLACEHOLDER}
        </p>
      )}
      {snippet ? (
        <ContentBlocks blocks={snippet.blocks} />
      ) : (
        <p>{content.isPending ? 'Wird geladen …' : t('content_unavailable')}</p>
      )}
    </article>
  )
}
