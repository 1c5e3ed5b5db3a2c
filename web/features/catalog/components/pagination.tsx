import { ChevronLeftIcon, ChevronRightIcon } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'

/** Pages 1 … 4 5 6 … 12: the first, the last and two around the current one. */
export function pageItems(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1])
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b)
  const items: (number | 'gap')[] = []
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1]
    if (previous !== undefined && p - previous > 1) items.push('gap')
    items.push(p)
  })
  return items
}

export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number
  pageCount: number
  href: (page: number) => string
}) {
  if (pageCount <= 1) return null
  return (
    <nav className="pagination" aria-label="Seiten">
      {page > 1 ? (
        <Link className="pagination__step" to={href(page - 1)} rel="prev">
          <ChevronLeftIcon size={18} /> Zurück
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          <ChevronLeftIcon size={18} /> Zurück
        </span>
      )}
      <ol className="pagination__pages">
        {pageItems(page, pageCount).map((item, i) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  <span className="visually-hidden">Seite </span>
                  {item}
                </span>
              ) : (
                <Link className="pagination__page" to={href(item)}>
                  <span className="visually-hidden">Seite </span>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link className="pagination__step" to={href(page + 1)} rel="next">
          Weiter <ChevronRightIcon size={18} />
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          Weiter <ChevronRightIcon size={18} />
        </span>
      )}
    </nav>
  )
}
