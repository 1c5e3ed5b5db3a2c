// Campus registration by university e-mail (account-area §2, §5, §8): the university from the
// list, the address, the terms. The server's errorMsg is shown when there is one; anything else
// (a failed request, a 500) is the internal-error text that points to the document way.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { CampusEmailFormSchema } from '#contract/campus.ts'
import { Button, Field, SelectField } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useRegisterByEmail, useUniversities } from '../api.ts'
import { campusErrorText } from './errors.ts'

/** The form's values: the select gives a string, the checkbox a boolean. */
const FormSchema = CampusEmailFormSchema.extend({
  university_id: z.string().refine((value) => Number(value) > 0, 'university_required'),
})
type FormValues = z.input<typeof FormSchema>

export function CampusEmailForm({
  defaults,
  submitLabel = 'Jetzt registrieren',
  onSuccess,
}: {
  defaults?: { universityId?: number | null; email?: string | null }
  submitLabel?: string
  onSuccess: (message: string) => void
}) {
  const universities = useUniversities(true)
  const register = useRegisterByEmail()
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: {
      university_id: defaults?.universityId ? String(defaults.universityId) : '',
      email: defaults?.email ?? '',
      terms: false as unknown as true,
    },
  })
  const { errors } = form.formState
  const list = universities.data?.status === 200 ? universities.data.body : []

  const submit = form.handleSubmit(async (values) => {
    const body = new FormData()
    body.set('university_id', values.university_id)
    body.set('email', values.email)
    body.set('terms', values.terms ? 'true' : 'false')
    try {
      const response = await register.mutateAsync(body)
      form.reset()
      onSuccess(response.body.message)
    } catch {
      // shown below from register.error
    }
  })

  return (
    <form
      method="post"
      className="campus-form"
      onSubmit={submit}
      noValidate
      aria-label="Registrierung per Hochschul-E-Mail"
    >
      <SelectField
        label="Hochschule"
        error={errors.university_id?.message}
        disabled={universities.isPending}
        {...form.register('university_id')}
      >
        <option value="">Bitte wählen</option>
        {list.map((university) => (
          <option key={university.id} value={university.id}>
            {university.name}
          </option>
        ))}
      </SelectField>
      {universities.isError && (
        <p className="form-error" role="alert">
          Die Liste der Hochschulen konnte nicht geladen werden. Bitte versuche es später erneut
          oder registriere dich mit einem Nachweis.
        </p>
      )}
      <Field
        label="Hochschul-E-Mail-Adresse"
        type="email"
        autoComplete="email"
        hint="Zum Beispiel vorname.nachname@stud.hochschule.de"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <label className="checkbox">
        <input type="checkbox" {...form.register('terms')} />
        <span>
          Ich akzeptiere die{' '}
          <a href={paths.info('conditions')} target="_blank" rel="noopener noreferrer">
            Teilnahmebedingungen
          </a>{' '}
          des Campusprogramms.
        </span>
      </label>
      {errors.terms && (
        <p className="field__error" role="alert">
          {t('terms_not_accepted')}
        </p>
      )}
      {register.error && (
        <p className="form-error" role="alert">
          {campusErrorText(register.error, 'campus_internal_error')}
        </p>
      )}
      <Button type="submit" pending={register.isPending}>
        {submitLabel}
      </Button>
    </form>
  )
}
