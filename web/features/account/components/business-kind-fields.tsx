// Rechtsform (select) and Kundenart (radios) of a business customer: the registration and the
// light account's first address ask them the same way.
import type { UseFormRegisterReturn } from 'react-hook-form'
import { BUSINESS_FORMS, BUSINESS_TYPES } from '#contract/fields.ts'
import { SelectField } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'

export function BusinessKindFields({
  businessForm,
  businessType,
  formError,
  typeError,
}: {
  /** `register('businessForm')` of the surrounding form. */
  businessForm: UseFormRegisterReturn
  /** `register('businessType')` of the surrounding form. */
  businessType: UseFormRegisterReturn
  formError?: string
  typeError?: string
}) {
  return (
    <>
      <SelectField label="Rechtsform" error={formError} {...businessForm}>
        <option value="0">Bitte wählen</option>
        {BUSINESS_FORMS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <fieldset className="radio-group">
        <legend className="field__label">Kundenart</legend>
        {BUSINESS_TYPES.map((option) => (
          <label key={option.id} className="radio">
            <input type="radio" value={option.id} {...businessType} />
            <span>{option.label}</span>
          </label>
        ))}
        {typeError && (
          <p className="field__error" role="alert">
            {t(typeError)}
          </p>
        )}
      </fieldset>
    </>
  )
}
