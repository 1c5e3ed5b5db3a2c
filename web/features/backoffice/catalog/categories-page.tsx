// /backoffice/kategorien (issue 21): the category tree in shop order. Admins add categories (top
// level, or under one without products of its own), rename them (the address stays), move them
// up or down among their siblings or under another parent (the old address redirects), and choose
// the filters a category page offers; the shop follows at once. Customer service reads the tree.
// Rows and filter lists also reorder by drag and drop (native HTML5); the buttons stay for the
// keyboard.
import { zodResolver } from '@hookform/resolvers/zod'
import { type DragEvent, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  type BackofficeCategory,
  BackofficeCategoryCreateBodySchema,
  BackofficeCategoryTextsSchema,
} from '#contract/backoffice-products.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { useStaffMe } from '../api.ts'
import { problemText } from '../office-api.ts'
import { bodyForm, Loading } from '../shared.tsx'
import {
  useCategoryFilters,
  useCreateCategory,
  useMoveCategory,
  useMoveCategoryToParent,
  useRenameCategory,
  useSetCategoryFilters,
  useStaffCategories,
} from './api.ts'

const indent = (category: BackofficeCategory) => `${'— '.repeat(category.depth)}${category.name}`

const CreateFormSchema = bodyForm(
  z
    .object({ parentId: z.string(), name: z.string(), description: z.string() })
    .transform((form) => ({ ...form, parentId: form.parentId ? Number(form.parentId) : null })),
  BackofficeCategoryCreateBodySchema,
)

function CreateCategoryForm({ categories }: { categories: BackofficeCategory[] }) {
  const create = useCreateCategory()
  const [done, setDone] = useState<string | null>(null)
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(CreateFormSchema),
    defaultValues: { parentId: '', name: '', description: '' },
  })
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-labelledby="category-create"
      onSubmit={handleSubmit((body) =>
        create.mutate(body, {
          onSuccess: (category) => {
            reset()
            setDone(`„${category.name}“ wurde angelegt.`)
          },
        }),
      )}
    >
      <h2 id="category-create">Neue Kategorie</h2>
      <SelectField label="Übergeordnete Kategorie" {...register('parentId')}>
        <option value="">keine (oberste Ebene)</option>
        {categories
          .filter((category) => category.productCount === 0)
          .map((category) => (
            <option key={category.id} value={category.id}>
              {indent(category)}
            </option>
          ))}
      </SelectField>
      <Field label="Name" error={formState.errors.name?.message} {...register('name')} />
      <Field
        label="Beschreibung"
        hint="Einleitung und Meta-Beschreibung der Kategorieseite"
        error={formState.errors.description?.message}
        {...register('description')}
      />
      {create.error && (
        <p className="form-error" role="alert">
          {problemText(create.error)}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <Button type="submit" pending={create.isPending}>
        Kategorie anlegen
      </Button>
    </form>
  )
}

function RenameForm({ category, onDone }: { category: BackofficeCategory; onDone: () => void }) {
  const rename = useRenameCategory(category.id)
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(BackofficeCategoryTextsSchema),
    defaultValues: { name: category.name, description: category.description },
  })
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-label={`${category.name} umbenennen`}
      onSubmit={handleSubmit((body) => rename.mutate(body, { onSuccess: onDone }))}
    >
      <Field label="Name" error={formState.errors.name?.message} {...register('name')} />
      <Field
        label="Beschreibung"
        error={formState.errors.description?.message}
        {...register('description')}
      />
      <p className="backoffice-hint">
        Die Adresse {category.url} bleibt, damit Links gültig bleiben.
      </p>
      {rename.error && (
        <p className="form-error" role="alert">
          {problemText(rename.error)}
        </p>
      )}
      <div className="backoffice-actions">
        <Button type="submit" pending={rename.isPending}>
          Speichern
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  )
}

type Panel = 'rename' | 'parent' | 'filters'

/** The category and everything below it (the list is in tree order, children after parents). */
function subtreeOf(category: BackofficeCategory, categories: BackofficeCategory[]): Set<number> {
  const ids = new Set([category.id])
  for (const other of categories) {
    if (other.parentId !== null && ids.has(other.parentId)) ids.add(other.id)
  }
  return ids
}

function ParentForm({
  category,
  categories,
  onDone,
}: {
  category: BackofficeCategory
  categories: BackofficeCategory[]
  onDone: (done: boolean) => void
}) {
  const move = useMoveCategoryToParent()
  const below = subtreeOf(category, categories)
  // Offered: the top level and every category outside the subtree without products of its own.
  const targets = categories.filter((c) => !below.has(c.id) && c.productCount === 0)
  const [parent, setParent] = useState(category.parentId === null ? '' : String(category.parentId))
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-label={`${category.name} verschieben`}
      onSubmit={(event) => {
        event.preventDefault()
        move.mutate(
          { id: category.id, parentId: parent ? Number(parent) : null },
          { onSuccess: () => onDone(true) },
        )
      }}
    >
      <SelectField
        label="Neue übergeordnete Kategorie"
        value={parent}
        onChange={(event) => setParent(event.target.value)}
      >
        <option value="">keine (oberste Ebene)</option>
        {targets.map((target) => (
          <option key={target.id} value={target.id}>
            {indent(target)}
          </option>
        ))}
      </SelectField>
      <p className="backoffice-hint">
        Die Unterkategorien ziehen mit. Die bisherige Adresse {category.url} leitet dauerhaft (301)
        auf die neue weiter.
      </p>
      {move.error && (
        <p className="form-error" role="alert">
          {problemText(move.error)}
        </p>
      )}
      <div className="backoffice-actions">
        <Button type="submit" pending={move.isPending}>
          Verschieben
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone(false)}>
          Abbrechen
        </Button>
      </div>
    </form>
  )
}

type AttributeRef = { id: number; key: string; name: string }

function FilterListForm({
  category,
  onDone,
}: {
  category: BackofficeCategory
  onDone: (done: boolean) => void
}) {
  const list = useCategoryFilters(category.id)
  const save = useSetCategoryFilters(category.id)
  const [chosen, setChosen] = useState<AttributeRef[] | null>(null)
  const [adding, setAdding] = useState('')
  const [dragged, setDragged] = useState<number | null>(null)
  if (list.data?.status !== 200) return <Loading error={list.error} />
  const { own, inherited, attributes } = list.data.body
  const rows = chosen ?? own
  const free = attributes.filter((a) => !rows.some((r) => r.id === a.id))
  const shift = (index: number, delta: number) => {
    const next = [...rows]
    const [item] = next.splice(index, 1)
    if (!item) return
    next.splice(index + delta, 0, item)
    setChosen(next)
  }
  const dropOn = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault()
    if (dragged !== null && dragged !== index) shift(dragged, index - dragged)
    setDragged(null)
  }
  const submit = (ids: number[]) => save.mutate(ids, { onSuccess: () => onDone(true) })
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-label={`Filter von ${category.name}`}
      onSubmit={(event) => {
        event.preventDefault()
        submit(rows.map((r) => r.id))
      }}
    >
      <h3>Filter der Kategorieseite</h3>
      {own.length === 0 && (
        <p className="backoffice-hint">
          {inherited
            ? `Keine eigene Liste: übernommen von „${inherited.categoryName}“ (${inherited.attributes.map((a) => a.name).join(', ')}).`
            : 'Keine eigene Liste: die Seite bietet alle Filtermerkmale an.'}
        </p>
      )}
      {rows.length > 0 && (
        <ol className="backoffice-filter-list">
          {rows.map((row, i) => (
            <li
              key={row.id}
              draggable
              className={dragged === i ? 'backoffice-filter-list__item--dragged' : undefined}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', row.name)
                setDragged(i)
              }}
              onDragOver={(event) => {
                if (dragged === null) return
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
              }}
              onDrop={dropOn(i)}
              onDragEnd={() => setDragged(null)}
            >
              <span className="backoffice-filter-list__handle" aria-hidden="true">
                ⠿
              </span>
              <span>{row.name}</span>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={i === 0}
                onClick={() => shift(i, -1)}
              >
                Nach oben<span className="visually-hidden">: {row.name}</span>
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={i === rows.length - 1}
                onClick={() => shift(i, 1)}
              >
                Nach unten<span className="visually-hidden">: {row.name}</span>
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => setChosen(rows.filter((r) => r.id !== row.id))}
              >
                Entfernen<span className="visually-hidden">: {row.name}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {free.length > 0 && (
        <div className="backoffice-actions">
          <SelectField
            label="Filtermerkmal hinzufügen"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            <option value="">bitte wählen</option>
            {free.map((attribute) => (
              <option key={attribute.id} value={attribute.id}>
                {attribute.name}
              </option>
            ))}
          </SelectField>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              const picked = free.find((a) => String(a.id) === adding)
              if (!picked) return
              setChosen([...rows, picked])
              setAdding('')
            }}
          >
            Hinzufügen
          </Button>
        </div>
      )}
      {save.error && (
        <p className="form-error" role="alert">
          {problemText(save.error)}
        </p>
      )}
      <div className="backoffice-actions">
        <Button type="submit" pending={save.isPending}>
          Filterliste speichern
        </Button>
        {own.length > 0 && (
          <Button type="button" variant="secondary" onClick={() => submit([])}>
            Eigene Liste entfernen (erben)
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => onDone(false)}>
          Abbrechen
        </Button>
      </div>
    </form>
  )
}

type Drop = { id: number; where: 'before' | 'into' }

/**
 * Where a dragged category may land on a row: before it (a sibling of it) or into it (its last
 * child, only where the row holds no products); never in its own subtree.
 */
function dropTarget(
  dragged: BackofficeCategory,
  target: BackofficeCategory,
  categories: BackofficeCategory[],
  upperHalf: boolean,
): Drop | null {
  if (subtreeOf(dragged, categories).has(target.id)) return null
  if (upperHalf) return { id: target.id, where: 'before' }
  return target.productCount === 0 ? { id: target.id, where: 'into' } : null
}

export function CategoriesPage() {
  const list = useStaffCategories()
  const move = useMoveCategory()
  const moveTo = useMoveCategoryToParent()
  const [dragged, setDragged] = useState<number | null>(null)
  const [drop, setDrop] = useState<Drop | null>(null)
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const [panel, setPanel] = useState<{ id: number; kind: Panel } | null>(null)
  const open = (id: number, kind: Panel) => {
    setSaved(false)
    setPanel({ id, kind })
  }
  const close = (done: boolean) => {
    setPanel(null)
    setSaved(done)
  }
  const [saved, setSaved] = useState(false)
  if (list.data?.status !== 200) return <Loading error={list.error} />
  const categories = list.data.body.categories
  return (
    <div className="backoffice-area">
      {!isAdmin && <p>Kategorien legt die Administration an und ändert sie.</p>}
      {saved && <p role="status">{translate('backoffice_saved')}</p>}
      {(move.error ?? moveTo.error) && (
        <p className="form-error" role="alert">
          {problemText(move.error ?? moveTo.error)}
        </p>
      )}
      {isAdmin && (
        <p className="backoffice-hint">
          Zeilen lassen sich mit der Maus ziehen: auf die obere Hälfte einer Zeile gezogen, landet
          die Kategorie davor; auf die untere Hälfte, darunter als Unterkategorie.
        </p>
      )}
      <table className="backoffice-table">
        <caption>Kategorien in der Reihenfolge des Shops</caption>
        <thead>
          <tr>
            <th scope="col">Kategorie</th>
            <th scope="col">Adresse</th>
            <th scope="col">Artikel</th>
            {isAdmin && <th scope="col">Aktionen</th>}
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => (
            <tr
              key={category.id}
              draggable={isAdmin && panel === null && !moveTo.isPending}
              className={
                [
                  dragged === category.id && 'backoffice-tree__row--dragged',
                  drop?.id === category.id && `backoffice-tree__row--${drop.where}`,
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', category.name)
                setDragged(category.id)
              }}
              onDragOver={(event) => {
                const from = categories.find((c) => c.id === dragged)
                if (!from) return
                const box = event.currentTarget.getBoundingClientRect()
                const target = dropTarget(
                  from,
                  category,
                  categories,
                  event.clientY < box.top + box.height / 2,
                )
                setDrop(target)
                if (!target) return
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
              }}
              onDrop={(event: DragEvent<HTMLTableRowElement>) => {
                event.preventDefault()
                if (dragged !== null && drop) {
                  moveTo.mutate(
                    drop.where === 'before'
                      ? { id: dragged, parentId: category.parentId, beforeId: category.id }
                      : { id: dragged, parentId: category.id },
                    { onSuccess: () => setSaved(true) },
                  )
                }
                setDragged(null)
                setDrop(null)
              }}
              onDragEnd={() => {
                setDragged(null)
                setDrop(null)
              }}
            >
              <td>
                {indent(category)}
                {panel?.id === category.id && panel.kind === 'rename' && (
                  <RenameForm category={category} onDone={() => close(true)} />
                )}
                {panel?.id === category.id && panel.kind === 'parent' && (
                  <ParentForm category={category} categories={categories} onDone={close} />
                )}
                {panel?.id === category.id && panel.kind === 'filters' && (
                  <FilterListForm category={category} onDone={close} />
                )}
              </td>
              <td>
                <a href={category.url} target="_blank" rel="noopener noreferrer">
                  {category.path}
                </a>
              </td>
              <td>{category.productCount}</td>
              {isAdmin && (
                <td className="backoffice-actions">
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => move.mutate({ id: category.id, direction: 'up' })}
                  >
                    Nach oben<span className="visually-hidden">: {category.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => move.mutate({ id: category.id, direction: 'down' })}
                  >
                    Nach unten<span className="visually-hidden">: {category.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => open(category.id, 'rename')}
                  >
                    Umbenennen<span className="visually-hidden">: {category.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => open(category.id, 'parent')}
                  >
                    Verschieben<span className="visually-hidden">: {category.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => open(category.id, 'filters')}
                  >
                    Filter<span className="visually-hidden">: {category.name}</span>
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {isAdmin && <CreateCategoryForm categories={categories} />}
    </div>
  )
}
