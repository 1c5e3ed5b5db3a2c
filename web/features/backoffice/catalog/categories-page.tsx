// /backoffice/kategorien (issue 21): the category tree in shop order. Admins add categories (top
// level, or under one without products of its own), rename them (the address stays) and move
// them up or down among their siblings; the shop's navigation follows at once. Customer service
// reads the tree.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
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
import { useCreateCategory, useMoveCategory, useRenameCategory, useStaffCategories } from './api.ts'

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

export function CategoriesPage() {
  const list = useStaffCategories()
  const move = useMoveCategory()
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const [renaming, setRenaming] = useState<number | null>(null)
  const [saved, setSaved] = useState(false)
  if (list.data?.status !== 200) return <Loading error={list.error} />
  const categories = list.data.body.categories
  return (
    <div className="backoffice-area">
      {!isAdmin && <p>Kategorien legt die Administration an und ändert sie.</p>}
      {saved && <p role="status">{translate('backoffice_saved')}</p>}
      {move.error && (
        <p className="form-error" role="alert">
          {problemText(move.error)}
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
            <tr key={category.id}>
              <td>
                {renaming === category.id ? (
                  <RenameForm
                    category={category}
                    onDone={() => {
                      setRenaming(null)
                      setSaved(true)
                    }}
                  />
                ) : (
                  indent(category)
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
                    onClick={() => {
                      setSaved(false)
                      setRenaming(category.id)
                    }}
                  >
                    Umbenennen<span className="visually-hidden">: {category.name}</span>
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
