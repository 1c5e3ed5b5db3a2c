// The test shop ("harness", development and tests only): plays the shop's part against the port,
// so every sandbox page can be tried in a browser before the real checkout exists.
import { translate } from '#contract/messages.de.ts'
import type {
  AmazonPayButton,
  Payment,
  PaymentErrorCode,
  RedirectSession,
} from '#server/platform/payments/port.ts'
import { CARD_BRAND_LABELS } from '../card-rules.ts'
import { formatEuro, html, page, type SafeHtml } from './html.ts'
import { METHOD_TITLES, statusText } from './wallet-pages.ts'

export const HARNESS_AMOUNT_CENTS = 4999

export function harnessPage(input: {
  basePath: string
  fieldsUrl: string
  idempotencyKey: string
  amazon: AmazonPayButton
}): string {
  const { basePath, amazon } = input
  const amount = formatEuro(HARNESS_AMOUNT_CENTS)
  return page({
    title: 'Test-Shop',
    basePath,
    scripts: ['harness.js'],
    body: html`<section class="psp-card" aria-labelledby="title">
  <p class="psp-kicker">Nur Entwicklung und Tests</p>
  <h1 id="title">Test-Shop der Sandbox</h1>
  <p>Diese Seite spielt den Shop: Sie nutzt nur die Schnittstelle des Zahlungsanbieters
  (Port) und bettet dessen Seiten ein. Betrag jeder Testzahlung: <strong>${amount}</strong>.
  <a href="${basePath}/">Testkarten und Testkonten</a></p>

  <h2>Kreditkarte</h2>
  <iframe class="psp-harness-frame" id="card-frame" title="Kartendaten (Bitpay Sandbox)"
    src="${input.fieldsUrl}"></iframe>
  <p class="psp-status" id="alias-status" role="status">Noch keine Karte geprüft.</p>
  <form method="post" action="${basePath}/dev/harness/card">
    <input type="hidden" name="alias" id="card-alias" value="">
    <input type="hidden" name="idempotencyKey" value="${input.idempotencyKey}">
    <label class="psp-choice psp-inline">
      <input type="checkbox" name="capture" value="1"> Sofort einziehen (Capture)
    </label>
    <button class="psp-button psp-button-primary" type="submit" id="card-pay" disabled>${amount} mit Karte bezahlen</button>
  </form>

  <h2>Weiterleitungen</h2>
  <form method="post" action="${basePath}/dev/harness/wallet" class="psp-actions psp-wrap">
    <button class="psp-button psp-button-secondary" type="submit" name="method" value="paypal-express">PayPal Express</button>
    <button class="psp-button psp-button-secondary" type="submit" name="method" value="paypal">PayPal</button>
    <button class="psp-button psp-button-secondary" type="submit" name="method" value="klarna">Klarna</button>
    <button class="psp-button psp-button-secondary" type="submit" name="method" value="consors">Consors Finanzierung</button>
  </form>
  <form method="post" action="${amazon.checkoutUrl}" class="psp-actions">
    <input type="hidden" name="payloadJSON" value="${amazon.payloadJSON}">
    <input type="hidden" name="signature" value="${amazon.signature}">
    <input type="hidden" name="publicKeyId" value="${amazon.publicKeyId}">
    <button class="psp-button psp-button-secondary" type="submit">Amazon Pay (Express-Button)</button>
  </form>

  <h2>Apple Pay</h2>
  <button class="psp-button psp-button-secondary" type="button" id="applepay-start"
    data-init-url="${basePath}/dev/harness/applepay/init"
    data-process-url="${basePath}/dev/harness/applepay/process">Apple Pay (Simulation)</button>
  <div id="applepay-sheet" class="psp-sheet-host" hidden></div>
  <p class="psp-status" id="applepay-status" role="status"></p>
</section>`,
  })
}

export function harnessConsorsPage(basePath: string, session: RedirectSession): string {
  const form = session.form
  return page({
    title: 'Weiter zur Finanzierung',
    basePath,
    body: html`<section class="psp-card psp-narrow" aria-labelledby="title">
  <h1 id="title">Weiter zu Consors Finanz</h1>
  <p>Der Shop übergibt die Finanzierung per Formular (formUrl, formData).</p>
  <form method="post" action="${form?.formUrl ?? ''}">
    ${Object.entries(form?.formData ?? {}).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
    )}
    <button class="psp-button psp-button-primary" type="submit">Finanzierung beantragen</button>
  </form>
</section>`,
  })
}

function paymentFacts(payment: Payment): SafeHtml {
  const address = payment.payer?.shippingAddress
  return html`<dl class="psp-facts">
  <div><dt>Zahlart</dt><dd>${payment.method === 'card' ? 'Kreditkarte' : payment.method === 'applepay' ? 'Apple Pay' : METHOD_TITLES[payment.method]}</dd></div>
  <div><dt>Status</dt><dd data-testid="payment-status">${statusText(payment.status)}</dd></div>
  <div><dt>Betrag</dt><dd>${formatEuro(payment.amountCents)}</dd></div>
  <div><dt>Zahlungs-ID</dt><dd><code>${payment.paymentId}</code></dd></div>
  ${payment.card ? html`<div><dt>Karte</dt><dd>${CARD_BRAND_LABELS[payment.card.brand]} ${payment.card.maskedNumber}, ${payment.card.expiry}</dd></div>` : ''}
  ${payment.payer ? html`<div><dt>Zahler</dt><dd>${payment.payer.firstName} ${payment.payer.lastName}, ${payment.payer.email}</dd></div>` : ''}
  ${address ? html`<div><dt>Lieferadresse</dt><dd>${address.streetName} ${address.streetNumber}${address.addition ? `, ${address.addition}` : ''}, ${address.zipCode} ${address.cityName}, ${address.countryCode}</dd></div>` : ''}
  ${payment.klarna ? html`<div><dt>Klarna</dt><dd>${payment.klarna.paymentMethod === 'klarnapaynow' ? 'Sofort bezahlen' : 'Später bezahlen'}</dd></div>` : ''}
  ${payment.financing ? html`<div><dt>Finanzierung</dt><dd>${payment.financing.months} Monate, ${formatEuro(payment.financing.monthlyRateCents)} im Monat</dd></div>` : ''}
</dl>`
}

export function harnessResultPage(
  basePath: string,
  input: { payment: Payment | null; error: PaymentErrorCode | null },
): string {
  const { payment, error } = input
  const success = !!(!error && payment && ['authorized', 'captured'].includes(payment.status))
  return page({
    title: 'Ergebnis',
    basePath,
    body: html`<section class="psp-card psp-narrow" aria-labelledby="title">
  <p class="psp-kicker">Test-Shop</p>
  <h1 id="title">${success ? 'Zahlung erfolgreich' : 'Zahlung nicht erfolgreich'}</h1>
  ${error ? html`<p class="psp-form-error" role="alert">${translate(error)} <small>(${error})</small></p>` : ''}
  ${payment ? paymentFacts(payment) : ''}
  <p><a class="psp-button psp-button-primary" href="${basePath}/dev/harness">Zurück zum Test-Shop</a></p>
</section>`,
  })
}
