import { type ReactNode, useEffect, useRef, useState } from 'react'
import { FEEDBACK_CLOSE_MS, FEEDBACK_VISIBLE_MS } from './timing.ts'

export type Feedback = { id: number; kind: 'success' | 'error' | 'info'; text: string }

type FeedbackMessageProps = {
  feedback: Feedback | null
  onDone?: () => void
  /** How long the message stays before it starts closing (4 s by default). */
  visibleMs?: number
}

/** A message that stays 4 s and then takes 1 s to close; a new `id` starts it again. */
export function FeedbackMessage({
  feedback,
  onDone,
  visibleMs = FEEDBACK_VISIBLE_MS,
}: FeedbackMessageProps) {
  const [phase, setPhase] = useState<'hidden' | 'visible' | 'closing'>('hidden')
  const id = feedback?.id
  // The latest callback, without restarting the timers when the parent passes a new one.
  const onDoneRef = useRef(onDone)
  onDoneRef.current = onDone
  useEffect(() => {
    if (id === undefined) {
      setPhase('hidden')
      return
    }
    setPhase('visible')
    const closing = setTimeout(() => setPhase('closing'), visibleMs)
    const done = setTimeout(() => {
      setPhase('hidden')
      onDoneRef.current?.()
    }, visibleMs + FEEDBACK_CLOSE_MS)
    return () => {
      clearTimeout(closing)
      clearTimeout(done)
    }
  }, [id, visibleMs])
  if (!feedback || phase === 'hidden') return null
  return (
    <Notice kind={feedback.kind} closing={phase === 'closing'}>
      {feedback.text}
    </Notice>
  )
}

/** A notice that stays (an error as an alert, anything else as a status). */
export function Notice({
  kind,
  closing = false,
  className,
  children,
}: {
  kind: Feedback['kind']
  closing?: boolean
  className?: string
  children: ReactNode
}) {
  const classes = ['feedback', `feedback--${kind}`, closing && 'feedback--closing', className]
  return (
    <div className={classes.filter(Boolean).join(' ')} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

let nextId = 1
/** A new feedback value (each gets its own id, so repeating a text shows it again). */
export function feedback(kind: Feedback['kind'], text: string): Feedback {
  nextId += 1
  return { id: nextId, kind, text }
}
