// The light account's first address decides its kind (account-area §2 registration, §4 address
// form): "Ich bin Geschäftskunde" reveals business form and type; the page switches the address
// rules and reloads the country options.
import { zodResolver } from '@hookform/resolvers/zod'
import { type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form'
import { LightBusinessChoiceSchema } from '#contract/account.ts'
import { BusinessKindFields } from '#web/features/account/index.ts'
import type { LightAccountKind } from '../api.ts'

export type LightKindValues = { isBusiness: boolean; businessForm: string; businessType: string }

const businessResolver = zodResolver(
  LightBusinessChoiceSchema,
) as unknown as Resolver<LightKindValues>

/** Form and type are judged only while the box is ticked. */
const resolver: Resolver<LightKindValues> = (values, context, options) =>
  values.isBusiness ? businessResolver(values, context, options) : { values, errors: {} }

export function useLightKindForm(defaults: {
  customerType: 'private' | 'business'
  businessFormId: number
  businessType: 'consumer' | 'reseller' | null
}) {
  const form = useForm<LightKindValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      isBusiness: defaults.customerType === 'business',
      businessForm: String(defaults.businessFormId),
      businessType: defaults.businessType ?? '',
    },
  })
  const isBusiness = useWatch({ control: form.control, name: 'isBusiness' })
  /** The kind for the conversion; null while form or type are missing (their errors show). */
  const chosenKind = async (): Promise<LightAccountKind | null> => {
    if (!isBusiness) return { customerType: 'private' }
    if (!(await form.trigger())) return null
    const values = form.getValues()
    return {
      customerType: 'business',
      businessForm: Number(values.businessForm),
      businessType: values.businessType as 'consumer' | 'reseller',
    }
  }
  return { form, isBusiness, chosenKind }
}

export function LightKindFields({ form }: { form: UseFormReturn<LightKindValues> }) {
  const { register, formState } = form
  const isBusiness = useWatch({ control: form.control, name: 'isBusiness' })
  const typeError = formState.errors.businessType?.message
  return (
    <div className="account-form light-kind">
      <label className="checkbox">
        <input type="checkbox" {...register('isBusiness')} />
        <span>Ich bin Geschäftskunde</span>
      </label>
      {isBusiness && (
        <fieldset className="form-section">
          <legend className="form-section__title">Firmendaten</legend>
          <BusinessKindFields
            businessForm={register('businessForm')}
            businessType={register('businessType')}
            formError={formState.errors.businessForm?.message}
            typeError={typeError}
          />
        </fieldset>
      )}
    </div>
  )
}
