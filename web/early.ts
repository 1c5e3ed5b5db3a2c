// The first script of every page, tiny and loaded ahead of the bundle (issue 23). Until React has
// hydrated the page, what a visitor does with the script's controls would be lost:
// - A form that the script handles (method="post" and no action: login, registration,
//   newsletter, checkout, addresses, back office, ...) went to the server, which answers such a
//   post 303 back to the page, and what the visitor had typed was gone. Such a submission is now
//   held and sent again after hydration, in the script's hands; the typed fields are still in the
//   page (React keeps their values). Forms with an action (add to cart, heart, compare,
//   unsubscribe) go to the server as before: it answers them.
// - A plain button (an accordion's header, a gallery thumbnail, "Abmelden") did nothing. Its
//   clicks are now kept and clicked again after hydration, in order.
// Without JavaScript this does not run and the browser behaves as before. No imports: the whole
// file is a few hundred bytes.

type Held = { form: HTMLFormElement; submitter: HTMLElement | null }

declare global {
  interface Window {
    /**
     * Set right before React starts hydrating (web/entry-client.tsx): from then on React handles
     * what happens on the page (it hydrates the target of an event first), so nothing is held.
     */
    __bitwerkHydrating?: boolean
    /** Called by the document once hydrated (web/app/document.tsx): clicks and sends what was held. */
    __bitwerkAfterHydration?: () => void
  }
}

let held: Held | null = null

/** The held form's button shows that it waits: busy, with a spinner (web/components/ui/ui.css). */
function wait(button: HTMLElement | null, waiting: boolean) {
  button?.toggleAttribute('data-held', waiting)
  if (waiting) button?.setAttribute('aria-busy', 'true')
  else button?.removeAttribute('aria-busy')
}

document.addEventListener(
  'submit',
  (event) => {
    const form = event.target
    if (window.__bitwerkHydrating || !(form instanceof HTMLFormElement)) return
    if (form.hasAttribute('action') || form.method !== 'post') return
    event.preventDefault()
    if (held) wait(held.submitter, false)
    held = { form, submitter: event.submitter }
    wait(event.submitter, true)
  },
  // Before React's own listener, which is registered later on the same document.
  true,
)

/** Plain buttons clicked before hydration, in order. */
const clicked: HTMLButtonElement[] = []

document.addEventListener(
  'click',
  (event) => {
    if (window.__bitwerkHydrating || !(event.target instanceof Element)) return
    const button = event.target.closest('button')
    // A form's submit button sends its form: that is the `submit` above (or the server's).
    if (!button || (button.type === 'submit' && button.form) || button.type === 'reset') return
    clicked.push(button)
  },
  true,
)

window.__bitwerkAfterHydration = () => {
  for (const button of clicked.splice(0)) if (button.isConnected && !button.disabled) button.click()
  const submission = held
  held = null
  if (!submission?.form.isConnected) return
  const { form, submitter } = submission
  wait(submitter, false)
  // requestSubmit validates the form and fires `submit` as a click on the button would.
  if (submitter?.isConnected && (submitter as HTMLButtonElement).form === form)
    form.requestSubmit(submitter)
  else form.requestSubmit()
}

export {}
