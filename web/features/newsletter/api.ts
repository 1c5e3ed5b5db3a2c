// Newsletter sign-up, activation and unsubscribe.
import { tsr } from '#web/lib/tsr.ts'

export function useSubscribeNewsletter() {
  return tsr.newsletter.subscribe.useMutation()
}

export function useActivateNewsletter() {
  return tsr.newsletter.activate.useMutation()
}

export function useUnsubscribeNewsletter() {
  return tsr.newsletter.unsubscribe.useMutation()
}

/** The message of an error answer (it may carry parameters such as minutes), else its code's text. */
export function answerMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body: unknown }).body
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
      return body.message
  }
  return undefined
}
