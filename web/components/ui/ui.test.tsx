import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Accordion } from './accordion.tsx'
import { FeedbackMessage, feedback } from './feedback.tsx'
import { Field } from './field.tsx'
import { Modal, preloadModal } from './modal.tsx'
import { Price } from './price.tsx'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Field', () => {
  it('trims the value on blur and reports the change', () => {
    const onChange = vi.fn()
    render(<Field label="Vorname" defaultValue="" onChange={onChange} />)
    const input = screen.getByLabelText('Vorname') as HTMLInputElement
    fireEvent.change(input, { target: { value: '  Max  ' } })
    fireEvent.blur(input)
    expect(input.value).toBe('Max')
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ target: input }))
  })

  it('never trims a password', () => {
    render(<Field label="Passwort" type="password" defaultValue="" />)
    const input = screen.getByLabelText('Passwort') as HTMLInputElement
    fireEvent.change(input, { target: { value: ' Geheim1 ' } })
    fireEvent.blur(input)
    expect(input.value).toBe(' Geheim1 ')
  })

  it('shows its error in German after 1 s, not before', () => {
    render(<Field label="E-Mail" error="email_missing_at" />)
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByRole('alert').textContent).toBe(
      'In deiner E-Mail-Adresse fehlt das @-Zeichen.',
    )
    expect(screen.getByLabelText('E-Mail').getAttribute('aria-invalid')).toBe('true')
  })

  it('labels optional fields "(optional)"', () => {
    render(<Field label="Firma" optional />)
    expect(screen.getByLabelText('Firma (optional)')).toBeTruthy()
  })
})

function ModalHarness() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <Modal open={open} title="Passwort ändern" onClose={() => setOpen(false)}>
        <button type="button">Innen</button>
      </Modal>
    </>
  )
}

describe('Modal', () => {
  // The Radix dialog is a lazy chunk; once loaded, a modal opens in the same render.
  beforeAll(async () => {
    await preloadModal()
  })

  it('is a labelled dialog that closes on Escape', () => {
    render(<ModalHarness />)
    expect(screen.getByRole('dialog', { name: 'Passwort ändern' })).toBeTruthy()
    fireEvent.keyDown(document, { key: 'Escape', keyCode: 27 })
    expect(screen.getByTestId('state').textContent).toBe('closed')
  })

  it('closes on a click outside but not inside', () => {
    render(<ModalHarness />)
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Innen' }))
    expect(screen.getByTestId('state').textContent).toBe('open')
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'))
    expect(screen.getByTestId('state').textContent).toBe('closed')
  })

  it('moves focus inside, keeps its props and gives focus back when it closes', () => {
    function Opener() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Öffnen
          </button>
          <Modal open={open} title="Adresse" onClose={() => setOpen(false)} footer={<p>Fuß</p>}>
            <input aria-label="Straße" />
          </Modal>
        </>
      )
    }
    render(<Opener />)
    const opener = screen.getByRole('button', { name: 'Öffnen' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Adresse' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(screen.getByText('Fuß')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }))
    act(() => {
      vi.runAllTimers()
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})

describe('Accordion', () => {
  const items = [
    { id: 'a', title: 'Hersteller', content: <p>A</p> },
    { id: 'b', title: 'Preis', content: <p>B</p> },
  ]

  it('opens one item at a time', () => {
    render(<Accordion items={items} />)
    const [first, second] = screen.getAllByRole('button')
    if (!first || !second) throw new Error('two buttons expected')
    fireEvent.click(first)
    expect(first.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(second)
    expect(first.getAttribute('aria-expanded')).toBe('false')
    expect(second.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(second)
    expect(second.getAttribute('aria-expanded')).toBe('false')
  })

  it('keeps several open in multiple mode', () => {
    render(<Accordion items={items} mode="multiple" defaultOpen={['a', 'b']} />)
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded'))).toEqual([
      'true',
      'true',
    ])
  })

  it('starts with several open, then opening one closes the others (filter panel rule)', () => {
    const three = [...items, { id: 'c', title: 'Farbe', content: <p>C</p> }]
    render(<Accordion items={three} defaultOpen={['a', 'b']} />)
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'true', 'false'])
    expect(screen.queryByText('C')).toBeNull()
    const third = buttons[2]
    if (!third) throw new Error('three buttons expected')
    fireEvent.click(third)
    expect(buttons.map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'true'])
    expect(screen.getByRole('region', { name: 'Farbe' }).textContent).toBe('C')
  })
})

describe('FeedbackMessage', () => {
  it('stays 4 s, closes during 1 s, then disappears', () => {
    const onDone = vi.fn()
    render(
      <FeedbackMessage
        feedback={feedback('success', 'Dein Passwort wurde erfolgreich geändert.')}
        onDone={onDone}
      />,
    )
    expect(screen.getByRole('status').className).not.toContain('feedback--closing')
    act(() => {
      vi.advanceTimersByTime(4000)
    })
    expect(screen.getByRole('status').className).toContain('feedback--closing')
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.queryByRole('status')).toBeNull()
    expect(onDone).toHaveBeenCalledOnce()
  })
})

describe('Price', () => {
  it('formats cents as German euros', () => {
    render(<Price cents={129900} />)
    expect(screen.getByText(/1\.299,00\s€/)).toBeTruthy()
  })
})
