// /backoffice/artikel/neu and /backoffice/artikel/:id: the whole product (issue 21). Admins create,
// edit and retire; customer service sees the same form read-only. The form is checked by the
// contract's body schema (the server checks the same); an edit sends the version it was loaded
// at, and when someone else saved meanwhile the server answers 409 and the form offers to reload.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { z } from 'zod'
import {
  type BackofficeCatalogChoices,
  BackofficeProductCreateBodySchema,
  type BackofficeProductDetail,
  BackofficeProductEditBodySchema,
  isDerivedSpec,
} from '#contract/backoffice-products.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { useStaffMe } from '../api.ts'
import { problemText } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import {
  bodyForm,
  euroInput,
  euroText,
  Loading,
  requiredEuroText,
  requiredWholeNumberText,
  wholeNumberText,
} from '../shared.tsx'
import {
  useCatalogChoices,
  useCreateProduct,
  useEditProduct,
  useProductDetail,
  useRetireProduct,
} from './api.ts'
import { ProductPictures } from './product-pictures.tsx'

/** The select value of "a new value" of a text attribute. */
const NEW_VALUE = 'neu'
const ENERGY_CLASSES = ['', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const

const formFields = z.object({
  name: z.string(),
  manufacturerId: requiredWholeNumberText,
  articleNumber: z.string(),
  ean: z.string(),
  manufacturerPartNumber: z.string(),
  categoryId: requiredWholeNumberText,
  teaser: z.string(),
  description: z.string(),
  priceCents: requiredEuroText,
  strikeThroughPriceCents: euroText,
  campusPriceCents: euroText,
  stock: requiredWholeNumberText,
  deliveryTime: z.string(),
  active: z.boolean(),
  /** Keyed "a{attributeId}" (a numeric key would be read as an array index). */
  attributes: z.record(
    z.string(),
    z.object({ optionId: z.string().default(''), newText: z.string().default('') }),
  ),
  energyClass: z.enum(ENERGY_CLASSES),
  energyScale: z.string(),
  energyKwh: wholeNumberText,
  warranties: z.array(
    z.object({
      id: z.number().nullable(),
      name: z.string(),
      months: requiredWholeNumberText,
      priceCents: requiredEuroText,
    }),
  ),
  /** One warning per line. */
  safetyWarnings: z.string(),
  largeAppliance: z.boolean(),
  containsBattery: z.boolean(),
  modelLine: z.string(),
  recommendedRetailPriceCents: euroText,
  maxOrderQuantity: requiredWholeNumberText,
  eprelNumber: z.string().transform((text) => text.trim() || null),
  /** The merchant's own technical data lines (the derived ones follow the fields). */
  extraSpecs: z.array(z.object({ group: z.string(), name: z.string(), value: z.string() })),
  version: z.number(),
})

type FormOutput = z.output<typeof formFields>
type AttributeValue = { attributeId: number; optionId: number | null; newText: string | null }

function toBody(form: FormOutput) {
  return {
    ...form,
    attributes: Object.entries(form.attributes).flatMap(([key, value]): AttributeValue[] => {
      const attributeId = Number(key.slice(1))
      if (value.optionId === NEW_VALUE) {
        return [{ attributeId, optionId: null, newText: value.newText }]
      }
      if (!value.optionId) return []
      return [{ attributeId, optionId: Number(value.optionId), newText: null }]
    }),
    energyClass: form.energyClass || null,
    safetyWarnings: form.safetyWarnings
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  }
}

const CreateFormSchema = bodyForm(
  formFields.transform(({ version: _version, ...form }) => toBody({ ...form, version: 0 })),
  BackofficeProductCreateBodySchema,
)
const EditFormSchema = bodyForm(formFields.transform(toBody), BackofficeProductEditBodySchema)
type FormInput = z.input<typeof formFields>

/** Names of the lines the server derives from the fields (the filter attributes' included). */
function derivedNames(choices: BackofficeCatalogChoices): ReadonlySet<string> {
  return new Set(choices.attributes.map((attribute) => attribute.name))
}

function formValues(
  product: BackofficeProductDetail | null,
  attributeNames: ReadonlySet<string>,
): FormInput {
  const attributes: FormInput['attributes'] = {}
  for (const value of product?.attributes ?? []) {
    attributes[`a${value.attributeId}`] = { optionId: String(value.optionId), newText: '' }
  }
  return {
    name: product?.name ?? '',
    manufacturerId: product?.manufacturerId ? String(product.manufacturerId) : '',
    articleNumber: product?.articleNumber ?? '',
    ean: product?.ean ?? '',
    manufacturerPartNumber: product?.manufacturerPartNumber ?? '',
    categoryId: product ? String(product.categoryId) : '',
    teaser: product?.teaser ?? '',
    description: product?.description ?? '',
    priceCents: euroInput(product?.priceCents ?? null),
    strikeThroughPriceCents: euroInput(product?.strikeThroughPriceCents ?? null),
    campusPriceCents: euroInput(product?.campusPriceCents ?? null),
    stock: product ? String(product.stock) : '',
    deliveryTime: product?.deliveryTime ?? '',
    active: product?.active ?? true,
    attributes,
    energyClass: product?.energyClass ?? '',
    energyScale: product?.energyScale ?? '',
    energyKwh: product?.energyKwh === null || !product ? '' : String(product.energyKwh),
    warranties: (product?.warranties ?? []).map((w) => ({
      id: w.id,
      name: w.name,
      months: String(w.months),
      priceCents: euroInput(w.priceCents),
    })),
    safetyWarnings: (product?.safetyWarnings ?? []).join('\n'),
    largeAppliance: product?.largeAppliance ?? false,
    containsBattery: product?.containsBattery ?? false,
    modelLine: product?.modelLine ?? '',
    recommendedRetailPriceCents: euroInput(product?.recommendedRetailPriceCents ?? null),
    maxOrderQuantity: String(product?.maxOrderQuantity ?? 10),
    eprelNumber: product?.eprelNumber ?? '',
    extraSpecs: (product?.specs ?? []).filter((line) => !isDerivedSpec(line.name, attributeNames)),
    version: product?.version ?? 0,
  }
}

function AttributeField({
  attribute,
  register,
  control,
}: {
  attribute: BackofficeCatalogChoices['attributes'][number]
  register: ReturnType<typeof useForm<FormInput>>['register']
  control: ReturnType<typeof useForm<FormInput>>['control']
}) {
  const key = `a${attribute.id}` as const
  const chosen = useWatch({ control, name: `attributes.${key}.optionId` })
  return (
    <div className="backoffice-attribute">
      <SelectField label={attribute.name} {...register(`attributes.${key}.optionId`)}>
        <option value="">–</option>
        {attribute.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.text}
          </option>
        ))}
        {attribute.valueType === 'text' && <option value={NEW_VALUE}>Neuer Wert …</option>}
      </SelectField>
      {chosen === NEW_VALUE && (
        <Field label={`${attribute.name}: neuer Wert`} {...register(`attributes.${key}.newText`)} />
      )}
    </div>
  )
}

function ProductForm({
  product,
  choices,
  isAdmin,
  onReload,
  onSaved,
}: {
  product: BackofficeProductDetail | null
  choices: BackofficeCatalogChoices
  isAdmin: boolean
  onReload: () => void
  /** After a save: the page shows the note (the form is rebuilt from the new version). */
  onSaved: (note: string) => void
}) {
  const navigate = useNavigate()
  const create = useCreateProduct()
  const edit = useEditProduct(product?.id ?? 0)
  const retire = useRetireProduct(product?.id ?? 0)
  const form = useForm<FormInput>({
    // One form for both: the edit's schema adds the version (the stock is picked at submit).
    resolver: (product ? zodResolver(EditFormSchema) : zodResolver(CreateFormSchema)) as never,
    defaultValues: formValues(product, derivedNames(choices)),
  })
  const { register, handleSubmit, formState, control } = form
  const warranties = useFieldArray({ control, name: 'warranties' })
  const specs = useFieldArray({ control, name: 'extraSpecs' })
  const attributeNames = derivedNames(choices)
  const derivedSpecs = (product?.specs ?? []).filter((line) =>
    isDerivedSpec(line.name, attributeNames),
  )
  const errors = formState.errors
  const mutation = product ? edit : create
  const problem = mutation.error ?? retire.error
  const isStale =
    (problem as { body?: { code?: string } } | null)?.body?.code === 'backoffice_product_changed'

  const submit = handleSubmit((values) => {
    onSaved('')
    const body = values as unknown as z.output<typeof EditFormSchema>
    if (!product) {
      create.mutate(body as unknown as z.output<typeof CreateFormSchema>, {
        onSuccess: (created) =>
          navigate(`${backofficePaths.product(created.id)}?angelegt=1`, { replace: true }),
      })
      return
    }
    // The stock is sent only when typed here: orders may have moved it since loading.
    const { stock, ...rest } = body
    // Not `mutate`'s onSuccess: the refresh after saving brings the new version, which mounts
    // this form anew (its key), and a call's callbacks are dropped with the form that made it
    // (seen as a flaky test: saved, and no "gespeichert"). The error stays in `edit.error`.
    edit.mutateAsync(formState.dirtyFields.stock ? { ...rest, stock } : rest).then(
      () => onSaved(translate('backoffice_saved')),
      () => {},
    )
  })

  return (
    <form
      method="post"
      className="backoffice-form backoffice-form--product"
      aria-label="Artikel"
      onSubmit={submit}
    >
      <fieldset disabled={!isAdmin}>
        <legend>Stammdaten</legend>
        <Field label="Name" error={errors.name?.message} {...register('name')} />
        <SelectField
          label="Hersteller"
          error={errors.manufacturerId?.message}
          {...register('manufacturerId')}
        >
          <option value="">Bitte wählen</option>
          {choices.manufacturers.map((m) => (
            <option key={m.id} value={m.id}>
              {m.brand} ({m.name})
            </option>
          ))}
        </SelectField>
        <Field
          label="Artikelnummer"
          inputMode="numeric"
          hint="7 Ziffern"
          error={errors.articleNumber?.message}
          {...register('articleNumber')}
        />
        <Field
          label="EAN/GTIN"
          inputMode="numeric"
          hint="8 oder 13 Ziffern mit Prüfziffer"
          error={errors.ean?.message}
          {...register('ean')}
        />
        <Field
          label="Herstellernummer"
          error={errors.manufacturerPartNumber?.message}
          {...register('manufacturerPartNumber')}
        />
        <Field
          label="Modellreihe"
          optional
          hint="z. B. „Samsung Q80D“: Artikel einer Reihe zeigen ohne eigene Bilder dieselbe Zeichnung."
          error={errors.modelLine?.message}
          {...register('modelLine')}
        />
        <SelectField
          label="Kategorie"
          error={errors.categoryId?.message}
          {...register('categoryId')}
        >
          <option value="">Bitte wählen</option>
          {choices.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <Field label="Kurzbeschreibung" error={errors.teaser?.message} {...register('teaser')} />
        <label className="backoffice-textarea">
          <span>Beschreibung</span>
          <textarea rows={6} {...register('description')} />
          {errors.description?.message && (
            <span className="field__error" role="alert">
              {translate(errors.description.message)}
            </span>
          )}
        </label>
      </fieldset>

      <fieldset disabled={!isAdmin}>
        <legend>Preise und Bestand</legend>
        <Field
          label="Preis (€)"
          inputMode="decimal"
          error={errors.priceCents?.message}
          {...register('priceCents')}
        />
        <Field
          label="Streichpreis (€)"
          optional
          inputMode="decimal"
          hint="Kündigt eine Preissenkung an; der Shop zeigt den niedrigsten Preis der 30 Tage davor (§ 11 PAngV)."
          error={errors.strikeThroughPriceCents?.message}
          {...register('strikeThroughPriceCents')}
        />
        <Field
          label="Campus-Preis (€)"
          optional
          inputMode="decimal"
          error={errors.campusPriceCents?.message}
          {...register('campusPriceCents')}
        />
        <Field
          label="UVP des Herstellers (€)"
          optional
          inputMode="decimal"
          hint="Unverbindliche Preisempfehlung; der Shop nennt sie als solche, nicht als Streichpreis."
          error={errors.recommendedRetailPriceCents?.message}
          {...register('recommendedRetailPriceCents')}
        />
        <Field
          label="Höchstmenge je Bestellung"
          inputMode="numeric"
          hint="1 bis 99"
          error={errors.maxOrderQuantity?.message}
          {...register('maxOrderQuantity')}
        />
        <Field
          label="Bestand"
          inputMode="numeric"
          error={errors.stock?.message}
          {...register('stock')}
        />
        <Field
          label="Lieferzeit"
          optional
          hint="Leer: 1–2 Werktage"
          error={errors.deliveryTime?.message}
          {...register('deliveryTime')}
        />
        <label className="checkbox">
          <input type="checkbox" {...register('active')} /> Im Shop sichtbar (aktiv)
        </label>
      </fieldset>

      <fieldset disabled={!isAdmin} className="backoffice-attributes">
        <legend>Merkmale (Filter)</legend>
        {choices.attributes.map((attribute) => (
          <AttributeField
            key={attribute.id}
            attribute={attribute}
            register={register}
            control={control}
          />
        ))}
      </fieldset>

      <fieldset disabled={!isAdmin}>
        <legend>Energielabel</legend>
        <SelectField
          label="Energieeffizienzklasse"
          error={errors.energyClass?.message}
          {...register('energyClass')}
        >
          {ENERGY_CLASSES.map((c) => (
            <option key={c} value={c}>
              {c || 'keine'}
            </option>
          ))}
        </SelectField>
        <Field
          label="Skala"
          optional
          hint="z. B. „A - G“"
          error={errors.energyScale?.message}
          {...register('energyScale')}
        />
        <Field
          label="Energieverbrauch (kWh/1000 h)"
          optional
          inputMode="numeric"
          error={errors.energyKwh?.message}
          {...register('energyKwh')}
        />
        <Field
          label="EPREL-Registriernummer"
          optional
          inputMode="numeric"
          hint="Nummer des Modells in der EU-Produktdatenbank für Energielabel"
          error={errors.eprelNumber?.message}
          {...register('eprelNumber')}
        />
      </fieldset>

      <fieldset disabled={!isAdmin} className="backoffice-specs">
        <legend>Technische Daten</legend>
        {derivedSpecs.length > 0 && (
          <details>
            <summary>
              {derivedSpecs.length} Zeilen aus den Feldern oben (Hersteller, Merkmale, Energielabel;
              beim Speichern aktualisiert)
            </summary>
            <dl className="backoffice-spec-derived">
              {derivedSpecs.map((line) => (
                <div key={`${line.group}-${line.name}`}>
                  <dt>
                    {line.group} · {line.name}
                  </dt>
                  <dd>{line.value}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
        {specs.fields.map((field, index) => (
          <div key={field.id} className="backoffice-spec">
            <Field
              label={`Zeile ${index + 1}: Gruppe`}
              error={errors.extraSpecs?.[index]?.group?.message}
              {...register(`extraSpecs.${index}.group`)}
            />
            <Field
              label={`Zeile ${index + 1}: Bezeichnung`}
              error={errors.extraSpecs?.[index]?.name?.message}
              {...register(`extraSpecs.${index}.name`)}
            />
            <Field
              label={`Zeile ${index + 1}: Wert`}
              error={errors.extraSpecs?.[index]?.value?.message}
              {...register(`extraSpecs.${index}.value`)}
            />
            <div className="backoffice-spec__actions">
              {index > 0 && (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => specs.move(index, index - 1)}
                >
                  Zeile {index + 1} nach oben
                </Button>
              )}
              <Button type="button" variant="secondary" onClick={() => specs.remove(index)}>
                Zeile {index + 1} entfernen
              </Button>
            </div>
          </div>
        ))}
        {specs.fields.length < 200 && (
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              specs.append({
                group: specs.fields.at(-1)?.group ?? 'Allgemein',
                name: '',
                value: '',
              })
            }
          >
            Zeile hinzufügen
          </Button>
        )}
      </fieldset>

      <fieldset disabled={!isAdmin}>
        <legend>Garantieoptionen</legend>
        {warranties.fields.map((field, index) => (
          <div key={field.id} className="backoffice-warranty">
            <Field
              label={`Garantie ${index + 1}: Bezeichnung`}
              error={errors.warranties?.[index]?.name?.message}
              {...register(`warranties.${index}.name`)}
            />
            <Field
              label={`Garantie ${index + 1}: Monate`}
              inputMode="numeric"
              error={errors.warranties?.[index]?.months?.message}
              {...register(`warranties.${index}.months`)}
            />
            <Field
              label={`Garantie ${index + 1}: Preis (€)`}
              inputMode="decimal"
              error={errors.warranties?.[index]?.priceCents?.message}
              {...register(`warranties.${index}.priceCents`)}
            />
            <Button type="button" variant="secondary" onClick={() => warranties.remove(index)}>
              Garantie {index + 1} entfernen
            </Button>
          </div>
        ))}
        {warranties.fields.length < 5 && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => warranties.append({ id: null, name: '', months: '', priceCents: '' })}
          >
            Garantie hinzufügen
          </Button>
        )}
      </fieldset>

      <fieldset disabled={!isAdmin}>
        <legend>Produktsicherheit</legend>
        <label className="backoffice-textarea">
          <span>Warnhinweise (einer je Zeile)</span>
          <textarea rows={3} {...register('safetyWarnings')} />
        </label>
        <label className="checkbox">
          <input type="checkbox" {...register('largeAppliance')} /> Großgerät (ElektroG Kategorie 1,
          2 oder 4: Altgeräte-Abholung bei Lieferung)
        </label>
        <label className="checkbox">
          <input type="checkbox" {...register('containsBattery')} /> Enthält Batterie oder Akku
        </label>
      </fieldset>

      {problem && (
        <div className="form-error" role="alert">
          <p>{problemText(problem)}</p>
          {isStale && (
            <Button type="button" variant="secondary" onClick={onReload}>
              Neu laden (eigene Änderungen verwerfen)
            </Button>
          )}
        </div>
      )}
      {isAdmin && (
        <div className="backoffice-actions">
          <Button type="submit" pending={mutation.isPending}>
            {product ? 'Speichern' : 'Artikel anlegen'}
          </Button>
          {product && !product.retiredAt && (
            <Button
              type="button"
              variant="secondary"
              pending={retire.isPending}
              onClick={() =>
                retire.mutate(product.version, {
                  onSuccess: () => onSaved(translate('backoffice_product_retired')),
                })
              }
            >
              Aus dem Sortiment nehmen
            </Button>
          )}
        </div>
      )}
    </form>
  )
}

export function ProductEditorPage() {
  const { id } = useParams()
  // A new page state per product: after "anlegen" the route moves from /neu to the new id.
  return <ProductEditor key={id} productId={id === 'neu' ? null : Number(id)} />
}

function ProductEditor({ productId }: { productId: number | null }) {
  const [params] = useSearchParams()
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const choices = useCatalogChoices()
  const detail = useProductDetail(productId)
  const product = detail.data?.status === 200 ? detail.data.body : null
  const [saved, setSaved] = useState<string | null>(
    params.get('angelegt') === '1' ? translate('backoffice_product_created') : null,
  )
  if (choices.data?.status !== 200 || (productId !== null && !product)) {
    return <Loading error={choices.error ?? detail.error} />
  }
  return (
    <div className="backoffice-area">
      <p>
        <Link to={backofficePaths.products}>Zurück zur Artikelliste</Link>
        {product && (
          <>
            {' · '}
            <a href={product.url} target="_blank" rel="noopener noreferrer">
              Im Shop ansehen
            </a>
          </>
        )}
      </p>
      {product && (
        <h2>
          {product.name} <small>({product.articleNumber})</small>
        </h2>
      )}
      {product?.retiredAt && (
        <p>Aus dem Sortiment genommen am {formatDateTime(product.retiredAt)}.</p>
      )}
      {saved && <p role="status">{saved}</p>}
      {!isAdmin && <p>Artikel legt die Administration an und ändert sie.</p>}
      <ProductForm
        key={`${product?.id ?? 'neu'}-${product?.version ?? 0}`}
        product={product}
        choices={choices.data.body}
        isAdmin={isAdmin}
        onReload={() => {
          setSaved(null)
          void detail.refetch()
        }}
        onSaved={setSaved}
      />
      {product && (
        <ProductPictures productId={product.id} productName={product.name} isAdmin={isAdmin} />
      )}
    </div>
  )
}
