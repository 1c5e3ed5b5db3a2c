import { Link } from '#web/components/ui/link.tsx'
import { JsonLd, useSite } from '#web/lib/site.tsx'

export type Crumb = { name: string; url: string }

/** The breadcrumb with schema.org BreadcrumbList; the last item is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { origin } = useSite()
  const all = [{ name: 'Startseite', url: '/' }, ...items]
  return (
    <nav className="breadcrumb" aria-label="Brotkrümelnavigation">
      <ol>
        {all.map((item, i) => (
          <li key={item.url}>
            {i < all.length - 1 ? (
              <Link to={item.url}>{item.name}</Link>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: all.map((item, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: item.name,
            item: `${origin}${item.url}`,
          })),
        }}
      />
    </nav>
  )
}
