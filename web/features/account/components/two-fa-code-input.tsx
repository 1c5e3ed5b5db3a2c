import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react'

export const CODE_LENGTH = 6

export function isCompleteCode(digits: string[]): boolean {
  return digits.length === CODE_LENGTH && digits.every((digit) => /^\d$/.test(digit))
}

type Props = {
  digits: string[]
  onChange: (digits: string[]) => void
  labelledBy: string
  disabled?: boolean
  invalid?: boolean
}

/**
 * Six single-digit inputs (account-area §2). Typing a digit moves on, Backspace on an empty box
 * moves back, and pasting exactly 6 characters fills all six.
 */
export function TwoFaCodeInput({ digits, onChange, labelledBy, disabled, invalid }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) =>
    refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus()

  const setDigit = (index: number, value: string) => {
    const next = [...digits]
    next[index] = value
    onChange(next)
  }

  const handleInput = (index: number, raw: string) => {
    const clean = raw.replace(/\D/g, '')
    // Autofill of one-time codes puts all six digits into one box.
    if (clean.length === CODE_LENGTH) {
      onChange(clean.split(''))
      focus(CODE_LENGTH - 1)
      return
    }
    const digit = clean.slice(-1)
    setDigit(index, digit)
    if (digit) focus(index + 1)
  }

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index]) {
      event.preventDefault()
      setDigit(index - 1, '')
      focus(index - 1)
    } else if (event.key === 'ArrowLeft') focus(index - 1)
    else if (event.key === 'ArrowRight') focus(index + 1)
  }

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text').trim()
    event.preventDefault()
    if (text.length !== CODE_LENGTH) return
    onChange(text.split(''))
    focus(CODE_LENGTH - 1)
  }

  return (
    <fieldset className="code-input" aria-labelledby={labelledBy}>
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions
          key={index}
          ref={(element) => {
            refs.current[index] = element
          }}
          className="code-input__digit"
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Ziffer ${index + 1} von ${CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          value={digits[index] ?? ''}
          disabled={disabled}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  )
}
