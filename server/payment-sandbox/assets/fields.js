// Hosted card fields of the Bitpay Sandbox. Posts the card (multipart) to the check URL and hands
// the alias to the shop's page with postMessage, addressed to the shop's origin only. The shop's
// scripts never see the card number: it stays inside this frame and the provider's server.
;(() => {
  const data = document.body.dataset
  const parentOrigin = data.parentOrigin
  const inFrame = window.parent !== window
  const brands = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    diners: 'Diners Club',
    discover: 'Discover',
  }
  const fields = ['holder', 'number', 'expiryMonth', 'expiryYear', 'cvc']

  function post(message) {
    if (inFrame && parentOrigin) window.parent.postMessage(message, parentOrigin)
  }
  function resize() {
    post({ type: 'card-fields:resize', height: document.documentElement.scrollHeight })
  }
  function aliasMessage(card) {
    return {
      type: 'card-fields:alias',
      alias: card.alias,
      brand: card.brand,
      maskedNumber: card.maskedNumber,
      expiry: card.expiry,
    }
  }

  // The answer page of a post without this script's help: report its alias.
  if (data.alias) {
    post(aliasMessage(data))
    resize()
    return
  }

  const form = document.querySelector('form.psp-card-form')
  if (!form) return
  const status = document.getElementById('card-status')
  const formError = document.getElementById('form-error')
  const button = form.querySelector('button[type="submit"]')
  let busy = false

  function showErrors(messages) {
    let first = null
    for (const name of fields) {
      const input = form.elements.namedItem(name)
      const error = document.getElementById(`${name}-error`)
      const message = messages[name]
      if (message) {
        error.textContent = message
        error.hidden = false
        input.setAttribute('aria-invalid', 'true')
        first = first || input
      } else {
        error.textContent = ''
        error.hidden = true
        input.removeAttribute('aria-invalid')
      }
    }
    if (first) first.focus()
  }

  function showFormError(message) {
    formError.textContent = message
    formError.hidden = !message
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (busy) return
    busy = true
    button.disabled = true
    showFormError('')
    status.textContent = 'Karte wird geprüft …'
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body: new FormData(form),
        headers: { Accept: 'application/json' },
        credentials: 'omit',
      })
      const body = await response.json()
      if (response.ok) {
        showErrors({})
        status.textContent = `Karte geprüft: ${brands[body.brand] || body.brand} ${body.maskedNumber}, gültig bis ${body.expiry}`
        post(aliasMessage(body))
      } else if (response.status === 422 && Array.isArray(body.errors)) {
        const messages = {}
        for (const error of body.errors) messages[error.field] = error.message
        status.textContent = ''
        showErrors(messages)
        post({ type: 'card-fields:error', code: body.code, message: body.message })
      } else {
        status.textContent = ''
        showErrors({})
        showFormError(body.message)
        post({ type: 'card-fields:error', code: body.code, message: body.message })
      }
    } catch {
      status.textContent = ''
      showFormError('Deine Kreditkarte konnte nicht geprüft werden.')
    } finally {
      busy = false
      button.disabled = false
      resize()
    }
  })

  // The shop may submit the form from its own button.
  window.addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent) return
    if (event.data && event.data.type === 'card-fields:submit') form.requestSubmit()
  })
  resize()
})()
