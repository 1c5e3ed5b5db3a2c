import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CODE_LENGTH, isCompleteCode, TwoFaCodeInput } from './two-fa-code-input.tsx'

function Harness() {
  const [digits, setDigits] = useState<string[]>(Array(CODE_LENGTH).fill(''))
  return (
    <>
      <h2 id="code-title">Bestätigungscode eingeben</h2>
      <TwoFaCodeInput digits={digits} onChange={setDigits} labelledBy="code-title" />
      <button type="submit" disabled={!isCompleteCode(digits)}>
        Senden
      </button>
    </>
  )
}

const box = (n: number) => screen.getByLabelText(`Ziffer ${n} von 6`) as HTMLInputElement
const send = () => screen.getByRole('button', { name: 'Senden' }) as HTMLButtonElement

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } })
}

afterEach(cleanup)

describe('TwoFaCodeInput', () => {
  it('has six labelled single-digit boxes in a group named by the heading', () => {
    render(<Harness />)
    expect(screen.getByRole('group', { name: 'Bestätigungscode eingeben' })).toBeTruthy()
    expect(screen.getAllByRole('textbox')).toHaveLength(6)
  })

  it('moves on after a digit, ignores letters, and enables "Senden" only with six digits', () => {
    render(<Harness />)
    fireEvent.change(box(1), { target: { value: 'a' } })
    expect(box(1).value).toBe('')
    for (const [index, digit] of ['1', '2', '3', '4', '5'].entries()) {
      fireEvent.change(box(index + 1), { target: { value: digit } })
      expect(send().disabled).toBe(true)
    }
    expect(document.activeElement).toBe(box(6))
    fireEvent.change(box(6), { target: { value: '6' } })
    expect(send().disabled).toBe(false)
  })

  it('fills all six boxes from a paste of exactly 6 characters, and only then', () => {
    render(<Harness />)
    paste(box(1), '12345')
    expect(box(1).value).toBe('')
    paste(box(1), ' 654321 ')
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('654321')
    expect(send().disabled).toBe(false)
    // Six characters that are not all digits fill the boxes but do not enable "Senden".
    paste(box(1), '12a456')
    expect(box(3).value).toBe('a')
    expect(send().disabled).toBe(true)
  })

  it('goes back on Backspace in an empty box', () => {
    render(<Harness />)
    fireEvent.change(box(1), { target: { value: '7' } })
    fireEvent.keyDown(box(2), { key: 'Backspace' })
    expect(box(1).value).toBe('')
    expect(document.activeElement).toBe(box(1))
  })
})
