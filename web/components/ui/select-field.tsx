import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react'
import { t } from '#web/lib/messages.ts'
import { ERROR_DELAY_MS } from './timing.ts'
import { useDelayedValue } from './use-delayed.ts'

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  error?: string
  children: ReactNode
  ref?: Ref<HTMLSelectElement>
}

/** A labelled select with the same delayed German error as <Field>. */
export function SelectField({ label, error, id, children, ref, ...rest }: SelectFieldProps) {
  const autoId = useId()
  const selectId = id ?? autoId
  const shown = useDelayedValue(error, ERROR_DELAY_MS)
  return (
    <div className={`field${shown ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className="select"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${selectId}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
      {shown && (
        <p id={`${selectId}-error`} className="field__error" role="alert">
          {t(shown)}
        </p>
      )}
    </div>
  )
}
