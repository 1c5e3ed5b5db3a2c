import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { type Feedback, FeedbackMessage, feedback } from '#web/components/ui/index.ts'

/** What a page hands to the next one: a message shown there (4 s, then 1 s closing). */
export type FeedbackState = { feedback?: { kind: Feedback['kind']; text: string } }

/** Shows the feedback a navigation carried in its state (e.g. after registration or reset). */
export function LocationFeedback() {
  const location = useLocation()
  const [current, setCurrent] = useState<Feedback | null>(null)
  const carried = (location.state as FeedbackState | null)?.feedback
  useEffect(() => {
    if (carried) setCurrent(feedback(carried.kind, carried.text))
  }, [carried])
  return <FeedbackMessage feedback={current} onDone={() => setCurrent(null)} />
}
