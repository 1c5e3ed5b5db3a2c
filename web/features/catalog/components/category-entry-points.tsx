import { Link } from '#web/components/ui/link.tsx'
import { useNavigationData } from '../api.ts'

/** Home page: the top-level categories with a picture and their most important children. */
export function CategoryEntryPoints() {
  const { data } = useNavigationData()
  const categories = data?.status === 200 ? data.body.categories : []
  if (categories.length === 0) return null
  return (
    <section className="entry-points" aria-labelledby="entry-points-title">
      <h2 id="entry-points-title" className="section-title">
        Kategorien
      </h2>
      <ul className="entry-points__grid">
        {categories.map((category) => (
          <li key={category.id} className="entry-point">
            <Link to={category.url} className="entry-point__main">
              <img src={category.image} alt="" width={800} height={800} loading="lazy" />
              <span className="entry-point__name">{category.name}</span>
            </Link>
            <ul className="entry-point__children">
              {category.children.slice(0, 4).map((child) => (
                <li key={child.id}>
                  <Link to={child.url}>{child.name}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
