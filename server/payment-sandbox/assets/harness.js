// The sandbox's test shop: receives the card alias from the hosted fields (checking the message's
// origin and source) and drives the simulated Apple Pay sheet, as the checkout will.
;(() => {
  const frame = document.getElementById('card-frame')
  const aliasInput = document.getElementById('card-alias')
  const aliasStatus = document.getElementById('alias-status')
  const payButton = document.getElementById('card-pay')

  if (frame) {
    const fieldsOrigin = new URL(frame.src, window.location.href).origin
    window.addEventListener('message', (event) => {
      if (event.origin !== fieldsOrigin || event.source !== frame.contentWindow) return
      const message = event.data || {}
      if (message.type === 'card-fields:resize') {
        frame.style.height = `${Math.min(Math.max(message.height + 4, 200), 900)}px`
      } else if (message.type === 'card-fields:alias') {
        aliasInput.value = message.alias
        aliasStatus.textContent = `Alias erhalten: ${message.alias} (${message.maskedNumber}, ${message.expiry})`
        payButton.disabled = false
      } else if (message.type === 'card-fields:error') {
        aliasStatus.textContent = `Karte nicht übernommen: ${message.message}`
      }
    })
  }

  const start = document.getElementById('applepay-start')
  const host = document.getElementById('applepay-sheet')
  const applePayStatus = document.getElementById('applepay-status')
  if (!start) return

  start.addEventListener('click', async () => {
    start.disabled = true
    applePayStatus.textContent = ''
    try {
      const init = await (
        await fetch(start.dataset.initUrl, { headers: { Accept: 'application/json' } })
      ).json()
      const session = init.applePayMerchantSession
      const [euros, cents] = init.paymentRequest.total.amount.split('.')
      const url = new URL(session.sheetUrl, window.location.href)
      url.searchParams.set('amount', String(Number(euros) * 100 + Number(cents)))
      url.searchParams.set('label', init.paymentRequest.total.label)
      const sheet = document.createElement('iframe')
      sheet.title = 'Apple Pay (Simulation)'
      sheet.src = url.toString()
      host.replaceChildren(sheet)
      host.hidden = false

      const close = () => {
        window.removeEventListener('message', onMessage)
        host.hidden = true
        host.replaceChildren()
        start.disabled = false
      }
      const onMessage = async (event) => {
        if (event.origin !== url.origin || event.source !== sheet.contentWindow) return
        const message = event.data || {}
        if (message.type === 'applepay:cancel') {
          close()
          applePayStatus.textContent = 'Apple Pay abgebrochen.'
        } else if (message.type === 'applepay:token') {
          close()
          const response = await fetch(start.dataset.processUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ paymentToken: message.token }),
          })
          const body = await response.json()
          applePayStatus.textContent = body.successful
            ? `Apple Pay erfolgreich: ${body.paymentId} (${body.status})`
            : `Apple Pay fehlgeschlagen: ${body.message}`
        }
      }
      window.addEventListener('message', onMessage)
    } catch {
      applePayStatus.textContent =
        'Leider kannst du gerade Apple Pay nicht benutzen, bitte wähle eine andere Zahlart.'
      start.disabled = false
    }
  })
})()
