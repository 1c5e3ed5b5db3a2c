import type { FieldError } from 'react-hook-form'
import { Field } from '#web/components/ui/index.ts'

type ConfirmPasswordFieldProps = Omit<Parameters<typeof Field>[0], 'label' | 'error'> & {
  error?: FieldError
  label?: string
}

/** The current password that confirms a change (account-area §1: sensitive changes). */
export function ConfirmPasswordField({
  error,
  label = 'Aktuelles Passwort',
  hint = 'Zur Bestätigung der Änderung',
  ...rest
}: ConfirmPasswordFieldProps) {
  return (
    <Field
      label={label}
      type="password"
      autoComplete="current-password"
      hint={hint}
      error={error?.message}
      {...rest}
    />
  )
}
