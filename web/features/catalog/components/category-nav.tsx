import { useId, useState } from 'react'
import type { CategoryLink, CategoryNode } from '#contract/catalog.ts'
import { translateCore as t } from '#contract/messages-core.de.ts'
import { ChevronLeftIcon, ChevronRightIcon } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatNumber } from '#web/lib/format.ts'
import { useNavigationCategory } from '../api.ts'

function NavItem({
  link,
  count,
  current = false,
  level,
}: {
  link: CategoryLink
  count?: number
  current?: boolean
  level: number
}) {
  const flyoutId = useId()
  const [open, setOpen] = useState(false)
  const { data, isLoading, isError } = useNavigationCategory(link.id, open && link.hasChildren)
  const children = data?.status === 200 ? data.body.children : []
  return (
    <li className={`category-nav__item${open ? ' category-nav__item--open' : ''}`}>
      <div className="category-nav__row">
        <Link
          to={link.url}
          className="category-nav__link"
          aria-current={current ? 'page' : undefined}
        >
          <span>{link.name}</span>
          {count !== undefined && (
            <span className="category-nav__count">
              {formatNumber(count)}
              <span className="visually-hidden"> Produkte</span>
            </span>
          )}
        </Link>
        {link.hasChildren && level < 3 && (
          <button
            type="button"
            className="category-nav__toggle"
            aria-expanded={open}
            aria-controls={flyoutId}
            aria-label={`Unterkategorien von ${link.name}`}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronRightIcon size={16} />
          </button>
        )}
      </div>
      {open && (
        <div id={flyoutId} className="category-nav__flyout">
          {isLoading && (
            <p className="category-nav__loading" role="status">
              <span className="spinner" aria-hidden="true" /> Kategorien werden geladen …
            </p>
          )}
          {isError && <p role="alert">{t('categories_load_failed')}</p>}
          {children.length > 0 && (
            <ul className="category-nav__list">
              {children.map((child) => (
                <NavItem key={child.id} link={child} level={level + 1} />
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  )
}

/**
 * The sidebar category navigation (storefront section 2): back to the parent, the
 * sub-categories with their product counts, and flyout levels loaded on demand with a loading
 * state (GET /api/navigation/category/{id}). A leaf shows its siblings.
 */
export function CategoryNav({
  node,
  counts,
}: {
  node: CategoryNode
  /** Products per sub-category for the current filters. */
  counts: Map<number, number>
}) {
  const isLeaf = node.children.length === 0
  const parentNode = useNavigationCategory(node.parent?.id ?? 0, isLeaf && node.parent !== null)
  const siblings = parentNode.data?.status === 200 ? parentNode.data.body.children : [node]
  const items = isLeaf ? siblings : node.children
  return (
    <nav className="category-nav" aria-label="Kategorien">
      {node.parent ? (
        <Link to={node.parent.url} className="category-nav__back">
          <ChevronLeftIcon size={16} /> {node.parent.name}
        </Link>
      ) : (
        <Link to="/" className="category-nav__back">
          <ChevronLeftIcon size={16} /> Alle Kategorien
        </Link>
      )}
      {!isLeaf && <p className="category-nav__current">{node.name}</p>}
      <ul className="category-nav__list">
        {items.map((link) => (
          <NavItem
            key={link.id}
            link={link}
            level={1}
            current={link.id === node.id}
            count={isLeaf ? undefined : (counts.get(link.id) ?? 0)}
          />
        ))}
      </ul>
    </nav>
  )
}
