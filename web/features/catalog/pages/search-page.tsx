// Search results at /produkte/{term} (storefront section 2): categories and filters beside the
// results; an exact article number or EAN leads straight to the product.
import { useMemo } from 'react'
import {
  data,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useLocation,
  useParams,
} from 'react-router-dom'
import type { SearchListing } from '#contract/catalog.ts'
import { formatNumber } from '#web/lib/format.ts'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { isApiResponse } from '#web/lib/prefetch.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { prefetchSearch, prefetchTopProducts, useSearchResults } from '../api.ts'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { Listing } from '../components/listing.tsx'
import { TopProductsSlider } from '../components/product-slider.tsx'
import { listingParams } from '../filter-state.ts'

const MAX_TERM = 100

type LoaderData = { invalidFilter: boolean }

export function searchLoader(ctx: RouteContext) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const term = (params.term ?? '').trim()
    const url = new URL(request.url)
    if (!term) throw redirect(paths.home)
    if (term.length > MAX_TERM)
      throw redirect(`${paths.search(term.slice(0, MAX_TERM))}${url.search}`)
    const listing = listingParams(url.searchParams)
    let body: SearchListing
    try {
      body = (await prefetchSearch(ctx.queryClient, request, term, listing)).body as SearchListing
    } catch (error) {
      if (isApiResponse(error) && error.status === 400) {
        return data<LoaderData>({ invalidFilter: true }, { status: 400 })
      }
      throw error
    }
    if (body.redirect) throw redirect(body.redirect)
    if (body.total === 0) {
      await prefetchTopProducts(ctx.queryClient, request, undefined).catch(() => undefined)
    }
    return { invalidFilter: false } satisfies LoaderData
  }
}

export function SearchPage() {
  const { invalidFilter } = useLoaderData() as LoaderData
  const term = (useParams().term ?? '').trim()
  const { search } = useLocation()
  const params = useMemo(() => listingParams(new URLSearchParams(search)), [search])
  const { data: response } = useSearchResults(term, params, !invalidFilter)
  const basePath = paths.search(term)
  const results = response?.status === 200 ? response.body : null
  const heading = `Suchergebnisse für „${term}“`
  return (
    <div className="container catalog-page">
      <PageMeta
        title={heading}
        description={`${results ? formatNumber(results.total) : 'Alle'} Produkte zu „${term}“ bei Bitwerk.`}
        canonicalPath={basePath}
        noindex
      />
      <Breadcrumb items={[{ name: `Suche: ${term}`, url: basePath }]} />
      <header className="catalog-page__header">
        <h1 className="catalog-page__title">
          {heading}{' '}
          {results && (
            <span className="catalog-page__count">({formatNumber(results.total)} Artikel)</span>
          )}
        </h1>
      </header>
      {invalidFilter && <p role="alert">{t('filter_invalid')}</p>}
      {results && results.total > 0 && (
        <Listing
          data={results}
          scope={{ kind: 'search', query: term }}
          basePath={basePath}
          emptyText={t('search_no_results')}
          noMoreText="Es gibt keine weiteren Suchergebnisse."
        />
      )}
      {results && results.total === 0 && (
        <div className="search-empty">
          <p className="search-empty__text">{t('search_no_results')}</p>
          <ul className="search-empty__tips">
            <li>Prüfe die Schreibweise oder verwende weniger Suchbegriffe.</li>
            <li>Suche nach Hersteller, Modell oder Artikelnummer, z. B. „RTX 4070“.</li>
          </ul>
          <TopProductsSlider />
        </div>
      )}
    </div>
  )
}
