// The first script of every page, tiny and loaded ahead of the bundle (issue 23): a form that the
// page's script handles (method="post" and no action: login, registration, newsletter, checkout,
// addresses, back office, ...) sent before hydration went to the server, which answers such a
// post 303 back to the page, and what the visitor had typed was gone. Such a submission is now
// held until hydration and then sent again, in the script's hands; the typed fields are still
// in the page (React keeps their values). Forms with an action (add to cart, heart, compare,
// newsletter unsubscribe) go to the server as before: it answers them. Without JavaScript this
// does not run and the browser posts as before. No imports: the whole file is a few hundred bytes.

type Held = { form: HTMLFormElement; submitter: HTMLElement | null }

declare global {
  interface Window {
    /** Set by the document once React has hydrated it (web/app/document.tsx). */
    __bitwerkHydrated?: boolean
    /** Called by the document right after that: sends a held submission. */
    __bitwerkAfterHydration?: () => void
  }
}

let held: Held | null = null

document.addEventListener(
  'submit',
  (event) => {
    const form = event.target
    if (window.__bitwerkHydrated || !(form instanceof HTMLFormElement)) return
    if (form.hasAttribute('action') || form.method !== 'post') return
    event.preventDefault()
    held?.submitter?.removeAttribute('aria-busy')
    held = { form, submitter: event.submitter }
    // The button shows that it waits (a progress cursor, web/components/ui/ui.css).
    event.submitter?.setAttribute('aria-busy', 'true')
  },
  // Before React's own listener, which is registered later on the same document.
  true,
)

window.__bitwerkAfterHydration = () => {
  const submission = held
  held = null
  if (!submission?.form.isConnected) return
  const { form, submitter } = submission
  submitter?.removeAttribute('aria-busy')
  // requestSubmit validates the form and fires `submit` as a click on the button would.
  if (submitter?.isConnected && (submitter as HTMLButtonElement).form === form)
    form.requestSubmit(submitter)
  else form.requestSubmit()
}

export {}
