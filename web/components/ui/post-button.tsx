// A button that is a form of its own (issue 23): sent by the browser before the page's script
// has taken over (or without it) to `action` with `fields`, whose answer is a page again; once the
// script runs, `onSubmit` does the same in place.
import type { FormEvent } from 'react'
import { Button, type ButtonProps } from './button.tsx'

type PostButtonProps = Omit<ButtonProps, 'type' | 'onClick' | 'onSubmit'> & {
  action: string
  /** Hidden fields the form sends. */
  fields?: Record<string, string | number>
  onSubmit: () => void
}

export function PostButton({ action, fields = {}, onSubmit, ...button }: PostButtonProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form method="post" action={action} onSubmit={submit}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" {...button} />
    </form>
  )
}
