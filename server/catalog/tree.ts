// The category tree and the filter attributes in memory: small, read on every request,
// loaded once per catalog version through the cache.
import { asc, eq } from 'drizzle-orm'
import type { CategoryLink, CategoryNode } from '#contract/catalog.ts'
import type { Db } from '#db/client.ts'
import {
  type CatalogVisual,
  categories,
  categoryFilters,
  type FilterType,
  filterAttributes,
  filterOptions,
  type OptionType,
} from '#db/schema/catalog.ts'
import { categoryUrl } from './urls.ts'

export type Category = {
  id: number
  parentId: number | null
  slug: string
  path: string
  name: string
  description: string
  visual: CatalogVisual
  children: Category[]
  /** Ids of this category and every category below it. */
  subtreeIds: number[]
  /** From the top level down to this category. */
  ancestors: Category[]
  /** Its own list of offered filter attribute keys in order (issue 21); empty: inherited. */
  filterKeys: string[]
}

export type CategoryTree = {
  roots: Category[]
  byId: Map<number, Category>
  byPath: Map<string, Category>
}

export async function loadTree(db: Db): Promise<CategoryTree> {
  const [rows, filterRows] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ categoryId: categoryFilters.categoryId, key: filterAttributes.key })
      .from(categoryFilters)
      .innerJoin(filterAttributes, eq(filterAttributes.id, categoryFilters.attributeId))
      .orderBy(asc(categoryFilters.categoryId), asc(categoryFilters.position)),
  ])
  const byId = new Map<number, Category>()
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      slug: row.slug,
      path: row.path,
      name: row.name,
      description: row.description,
      visual: row.visual,
      children: [],
      subtreeIds: [],
      ancestors: [],
      filterKeys: [],
    })
  }
  for (const row of filterRows) byId.get(row.categoryId)?.filterKeys.push(row.key)
  const roots: Category[] = []
  for (const category of byId.values()) {
    const parent = category.parentId === null ? undefined : byId.get(category.parentId)
    if (parent) parent.children.push(category)
    else roots.push(category)
  }
  const walk = (category: Category, ancestors: Category[]): number[] => {
    category.ancestors = [...ancestors, category]
    category.subtreeIds = [
      category.id,
      ...category.children.flatMap((child) => walk(child, category.ancestors)),
    ]
    return category.subtreeIds
  }
  for (const root of roots) walk(root, [])
  return { roots, byId, byPath: new Map([...byId.values()].map((c) => [c.path, c])) }
}

export function categoryLink(category: Category): CategoryLink {
  return {
    id: category.id,
    name: category.name,
    url: categoryUrl(category.path),
    hasChildren: category.children.length > 0,
  }
}

export function categoryNode(tree: CategoryTree, category: Category): CategoryNode {
  const parent = category.parentId === null ? undefined : tree.byId.get(category.parentId)
  return {
    ...categoryLink(category),
    description: category.description,
    breadcrumb: category.ancestors.map(categoryLink),
    parent: parent ? categoryLink(parent) : null,
    children: category.children.map(categoryLink),
  }
}

export type AttributeOption = {
  id: number
  value: string
  text: string
  hex: string | null
  position: number
  attribute: Attribute
}

export type Attribute = {
  id: number
  key: string
  name: string
  filterType: FilterType
  optionType: OptionType
  postfix: string | null
  position: number
  options: AttributeOption[]
  byValue: Map<string, AttributeOption>
}

export type Attributes = {
  byKey: Map<string, Attribute>
  optionById: Map<number, AttributeOption>
}

export async function loadAttributes(db: Db): Promise<Attributes> {
  const [attributeRows, optionRows] = await Promise.all([
    db.select().from(filterAttributes).orderBy(asc(filterAttributes.position)),
    db.select().from(filterOptions).orderBy(asc(filterOptions.position), asc(filterOptions.id)),
  ])
  const byId = new Map<number, Attribute>()
  for (const row of attributeRows) {
    byId.set(row.id, { ...row, options: [], byValue: new Map() })
  }
  const optionById = new Map<number, AttributeOption>()
  for (const row of optionRows) {
    const attribute = byId.get(row.attributeId)
    if (!attribute) continue
    const option: AttributeOption = {
      id: row.id,
      value: row.value,
      text: row.text,
      hex: row.hex,
      position: row.position,
      attribute,
    }
    attribute.options.push(option)
    attribute.byValue.set(option.value, option)
    optionById.set(option.id, option)
  }
  return { byKey: new Map([...byId.values()].map((a) => [a.key, a])), optionById }
}
