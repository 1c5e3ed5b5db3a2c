// The Bitpay Sandbox's simulated Apple Pay sheet: asks the provider for a signed payment token
// and hands it to the shop's page (postMessage to the merchant session's origin only).
;(() => {
  const data = document.body.dataset
  const form = document.querySelector('form.psp-sheet')
  if (!form) return
  const status = document.getElementById('sheet-status')
  const pay = form.querySelector('button[type="submit"]')
  const cancel = form.querySelector('[data-action="cancel"]')

  function post(message) {
    if (window.parent !== window) window.parent.postMessage(message, data.parentOrigin)
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    pay.disabled = true
    status.textContent = 'Zahlung wird autorisiert …'
    try {
      const response = await fetch(data.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'omit',
        body: JSON.stringify({
          amountCents: Number(data.amount),
          card: form.elements.namedItem('card').value,
        }),
      })
      const body = await response.json()
      if (!response.ok) throw new Error(body.message)
      status.textContent = 'Autorisiert.'
      post({ type: 'applepay:token', token: body.token })
    } catch (error) {
      status.textContent = error.message || 'Apple Pay ist gerade nicht verfügbar.'
      pay.disabled = false
      post({ type: 'applepay:error' })
    }
  })
  cancel.addEventListener('click', () => post({ type: 'applepay:cancel' }))
})()
