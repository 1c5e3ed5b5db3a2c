import { type FocusEvent, type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { t } from '#web/lib/messages.ts'
import { ERROR_DELAY_MS } from './timing.ts'
import { useDelayedValue } from './use-delayed.ts'

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string
  /** A message code (or m() message); shown after 1 s, in German. */
  error?: string
  /** Labels the field "(optional)". */
  optional?: boolean
  hint?: ReactNode
  /** Trim the value when the field loses focus (default; never for passwords). */
  trimOnBlur?: boolean
  ref?: Ref<HTMLInputElement>
}

/** A labelled text input: trimmed on blur, its error shown after a 1 s delay. */
export function Field({
  label,
  error,
  optional,
  hint,
  trimOnBlur,
  id,
  type = 'text',
  onBlur,
  onChange,
  className,
  ref,
  ...rest
}: FieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const shownError = useDelayedValue(error, ERROR_DELAY_MS)
  const trims = trimOnBlur ?? type !== 'password'
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.target
    if (trims && input.value !== input.value.trim()) {
      input.value = input.value.trim()
      onChange?.(event)
    }
    onBlur?.(event)
  }
  const describedBy =
    [hint ? `${inputId}-hint` : null, shownError ? `${inputId}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <div className={['field', shownError && 'field--error', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      <input
        ref={ref}
        id={inputId}
        type={type}
        className="field__input"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onBlur={handleBlur}
        onChange={onChange}
        {...rest}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {t(shownError)}
        </p>
      )}
    </div>
  )
}
