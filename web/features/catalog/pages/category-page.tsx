// Category page /kategorie/{slug path}: breadcrumb, sidebar navigation and filters, 20 products
// per page with sort and paging; every filtered listing has its own URL.
import { useMemo } from 'react'
import {
  data,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useLocation,
  useParams,
} from 'react-router-dom'
import type { CategoryListing } from '#contract/catalog.ts'
import { Link } from '#web/components/ui/link.tsx'
import { AdSlot, prefetchAdSlot } from '#web/features/ads/index.ts'
import { formatNumber } from '#web/lib/format.ts'
import { t } from '#web/lib/messages.ts'
import { isApiResponse } from '#web/lib/prefetch.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { PageMeta } from '#web/lib/site.tsx'
import {
  movedCategoryUrl,
  prefetchCategoryListing,
  prefetchNavigationCategory,
  useCategoryListing,
} from '../api.ts'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { Listing } from '../components/listing.tsx'
import { listingParams } from '../filter-state.ts'

type LoaderData = { invalidFilter: boolean }

/** The ad slot above the listing, targeted at the category path's slugs. */
function topAdSlot(category: CategoryListing['category']) {
  return {
    target: 'category-top',
    mobileTarget: 'category-top-mobile',
    categories: category.breadcrumb.map((item) => item.url.split('/').pop() ?? ''),
  }
}

function categoryPath(params: Record<string, string | undefined>): string {
  return (params['*'] ?? '').replace(/^\/+|\/+$/g, '').toLowerCase()
}

export function categoryLoader(ctx: RouteContext) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const path = categoryPath(params)
    if (!path) throw data(null, { status: 404 })
    const listing = listingParams(new URL(request.url).searchParams)
    try {
      const response = await prefetchCategoryListing(ctx.queryClient, request, path, listing)
      const { category } = response.body as CategoryListing
      await Promise.all([
        // A leaf's sidebar shows its siblings: load them with the page.
        category.children.length === 0 && category.parent
          ? prefetchNavigationCategory(ctx.queryClient, request, category.parent.id).catch(
              () => undefined,
            )
          : undefined,
        prefetchAdSlot(ctx.queryClient, request, topAdSlot(category)),
      ])
    } catch (error) {
      if (isApiResponse(error) && error.status === 404) {
        // A category moved in the tree: its former address leads to the new one for good (301),
        // with the filters, sort and page of the link.
        const moved = await movedCategoryUrl(request, path)
        if (moved) throw redirect(`${moved}${new URL(request.url).search}`, 301)
        throw data(null, { status: 404 })
      }
      if (isApiResponse(error) && error.status === 400) {
        return data<LoaderData>({ invalidFilter: true }, { status: 400 })
      }
      throw error
    }
    return { invalidFilter: false } satisfies LoaderData
  }
}

function InvalidFilter({ path }: { path: string }) {
  return (
    <div className="container catalog-message">
      <PageMeta title="Ungültiger Filter" noindex />
      <h1>{t('filter_invalid')}</h1>
      <p>Der Link enthält einen Filter, den wir nicht verstehen.</p>
      <Link className="btn btn--primary btn--md" to={`/kategorie/${path}`}>
        Kategorie ohne Filter anzeigen
      </Link>
    </div>
  )
}

export function CategoryPage() {
  const { invalidFilter } = useLoaderData() as LoaderData
  const path = categoryPath(useParams())
  const { search } = useLocation()
  const params = useMemo(() => listingParams(new URLSearchParams(search)), [search])
  const { data: response } = useCategoryListing(path, params, !invalidFilter)
  if (invalidFilter) return <InvalidFilter path={path} />
  const listing = response?.status === 200 ? response.body : null
  if (!listing) return null
  const { category } = listing
  const pageSuffix = listing.page > 1 ? ` – Seite ${listing.page}` : ''
  return (
    <div className="container catalog-page">
      <PageMeta
        title={`${category.name} online kaufen${pageSuffix}`}
        description={`${category.description} ${formatNumber(listing.total)} Produkte bei Bitwerk: schnell geliefert, sicher bezahlt.`}
        canonicalPath={listing.page > 1 ? `${category.url}?seite=${listing.page}` : category.url}
      />
      <Breadcrumb items={category.breadcrumb} />
      <header className="catalog-page__header">
        <h1 className="catalog-page__title">
          {category.name}{' '}
          <span className="catalog-page__count">({formatNumber(listing.total)} Artikel)</span>
        </h1>
        <p className="catalog-page__intro">{category.description}</p>
      </header>
      <AdSlot {...topAdSlot(category)} />
      <Listing
        data={listing}
        scope={{ kind: 'category', node: category }}
        basePath={category.url}
        emptyText={t('category_no_products')}
      />
    </div>
  )
}
