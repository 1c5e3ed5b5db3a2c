// /backoffice/hersteller (issue 20, GPSR Art. 19): every manufacturer with the product-safety
// contacts the product page shows – name, postal and electronic address, and for manufacturers
// outside the EU the person responsible in the Union. Admins add and edit them; customer service
// reads them.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  type BackofficeManufacturer,
  ManufacturerBodySchema,
  type Operator,
} from '#contract/backoffice-manufacturers.ts'
import { translate } from '#contract/messages.de.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { useStaffMe } from '../api.ts'
import { problemText } from '../office-api.ts'
import { bodyForm, Loading } from '../shared.tsx'
import { useSaveManufacturer, useStaffManufacturers } from './manufacturers-api.ts'

const OperatorFields = z.object({
  name: z.string(),
  street: z.string(),
  zipCode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  electronicAddress: z.string(),
})

const FormSchema = bodyForm(
  z
    .object({
      brand: z.string(),
      manufacturer: OperatorFields,
      hasPerson: z.boolean(),
      responsiblePerson: OperatorFields,
    })
    .transform(({ hasPerson, responsiblePerson, ...rest }) => ({
      ...rest,
      responsiblePerson: hasPerson ? responsiblePerson : null,
    })),
  ManufacturerBodySchema,
)
type FormValues = z.input<typeof FormSchema>

const EMPTY: Operator = {
  name: '',
  street: '',
  zipCode: '',
  city: '',
  countryCode: '',
  electronicAddress: '',
}

function defaultsOf(item: BackofficeManufacturer | null): FormValues {
  return {
    brand: item?.brand ?? '',
    manufacturer: item?.manufacturer ?? EMPTY,
    hasPerson: Boolean(item?.responsiblePerson),
    responsiblePerson: item?.responsiblePerson ?? EMPTY,
  }
}

function OperatorInputs({
  prefix,
  register,
  errors,
}: {
  prefix: 'manufacturer' | 'responsiblePerson'
  register: UseFormRegister<FormValues>
  errors: FieldErrors<FormValues>[typeof prefix]
}) {
  return (
    <>
      <Field label="Name" error={errors?.name?.message} {...register(`${prefix}.name`)} />
      <Field
        label="Straße und Hausnummer"
        error={errors?.street?.message}
        {...register(`${prefix}.street`)}
      />
      <Field label="PLZ" error={errors?.zipCode?.message} {...register(`${prefix}.zipCode`)} />
      <Field label="Ort" error={errors?.city?.message} {...register(`${prefix}.city`)} />
      <Field
        label="Land (Code)"
        hint="Zwei Buchstaben, z. B. DE, US, TW"
        error={errors?.countryCode?.message}
        {...register(`${prefix}.countryCode`)}
      />
      <Field
        label="E-Mail oder Kontaktformular"
        error={errors?.electronicAddress?.message}
        {...register(`${prefix}.electronicAddress`)}
      />
    </>
  )
}

function ManufacturerForm({
  item,
  onDone,
}: {
  item: BackofficeManufacturer | null
  onDone: (message: string) => void
}) {
  const save = useSaveManufacturer(item?.id ?? null)
  const { register, handleSubmit, watch, formState } = useForm<FormValues>({
    // The resolver hands over the body (ManufacturerBodySchema's input), not the form's values.
    resolver: zodResolver(FormSchema) as never,
    defaultValues: defaultsOf(item),
  })
  const hasPerson = watch('hasPerson')
  const errors = formState.errors
  const personError = (errors.responsiblePerson as { message?: string } | undefined)?.message
  const headingId = `manufacturer-form-${item?.id ?? 'new'}`
  return (
    <form
      method="post"
      className="backoffice-form"
      aria-labelledby={headingId}
      onSubmit={handleSubmit((body) =>
        save.mutate(body as never, {
          onSuccess: (saved) =>
            onDone(item ? translate('backoffice_saved') : `„${saved.brand}“ wurde angelegt.`),
        }),
      )}
    >
      <h2 id={headingId}>{item ? `${item.brand} bearbeiten` : 'Neuer Hersteller'}</h2>
      <Field
        label="Marke (wie an den Artikeln)"
        error={errors.brand?.message}
        disabled={Boolean(item && item.productCount > 0)}
        hint={
          item && item.productCount > 0
            ? 'Die Marke steht an Artikeln und bleibt, wie sie ist.'
            : undefined
        }
        {...register('brand')}
      />
      <fieldset>
        <legend>Hersteller (Art. 19 b GPSR)</legend>
        <OperatorInputs prefix="manufacturer" register={register} errors={errors.manufacturer} />
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" {...register('hasPerson')} /> Verantwortliche Person in der EU
        angeben (nötig für Hersteller außerhalb der EU)
      </label>
      {personError && (
        <p className="form-error" role="alert">
          {translate(personError)}
        </p>
      )}
      {hasPerson && (
        <fieldset>
          <legend>Verantwortliche Person in der EU (Art. 16 GPSR)</legend>
          <OperatorInputs
            prefix="responsiblePerson"
            register={register}
            errors={errors.responsiblePerson}
          />
        </fieldset>
      )}
      {save.error && (
        <p className="form-error" role="alert">
          {problemText(save.error)}
        </p>
      )}
      <Button type="submit" pending={save.isPending}>
        {item ? 'Speichern' : 'Hersteller anlegen'}
      </Button>
    </form>
  )
}

const address = (o: Operator) => `${o.name}, ${o.street}, ${o.zipCode} ${o.city}, ${o.countryCode}`

export function ManufacturersPage() {
  const list = useStaffManufacturers()
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [done, setDone] = useState<string | null>(null)
  if (list.data?.status !== 200) return <Loading error={list.error} />
  const items = list.data.body.manufacturers
  const finish = (message: string) => {
    setEditing(null)
    setDone(message)
  }
  return (
    <div className="backoffice-area">
      <p>
        Diese Angaben zeigt jede Produktseite unter „Produktsicherheit“ (Art. 19 GPSR).
        {!isAdmin && ' Hersteller legt die Administration an und ändert sie.'}
      </p>
      {done && <p role="status">{done}</p>}
      {isAdmin &&
        (editing === 'new' ? (
          <ManufacturerForm item={null} onDone={finish} />
        ) : (
          <Button type="button" onClick={() => setEditing('new')}>
            Neuer Hersteller
          </Button>
        ))}
      <table className="backoffice-table">
        <caption>Hersteller und verantwortliche Personen</caption>
        <thead>
          <tr>
            <th scope="col">Marke</th>
            <th scope="col">Hersteller</th>
            <th scope="col">Verantwortliche Person in der EU</th>
            <th scope="col">Artikel</th>
            {isAdmin && <th scope="col">Aktionen</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((item) =>
            editing === item.id ? (
              <tr key={item.id}>
                <td colSpan={isAdmin ? 5 : 4}>
                  <ManufacturerForm item={item} onDone={finish} />
                </td>
              </tr>
            ) : (
              <tr key={item.id}>
                <th scope="row">{item.brand}</th>
                <td>
                  {address(item.manufacturer)}
                  <br />
                  {item.manufacturer.electronicAddress}
                </td>
                <td>{item.responsiblePerson ? address(item.responsiblePerson) : '–'}</td>
                <td>{item.productCount}</td>
                {isAdmin && (
                  <td>
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={`${item.brand} bearbeiten`}
                      onClick={() => {
                        setDone(null)
                        setEditing(item.id)
                      }}
                    >
                      Bearbeiten
                    </Button>
                  </td>
                )}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  )
}
