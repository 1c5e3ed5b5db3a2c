// The redirect wallets' pages: PayPal, Amazon Pay, Klarna and Consors financing, each with the
// amount, the buyer's choices and approve / cancel (and a sandbox decline).
import type { RedirectMethod } from '#server/platform/payments/port.ts'
import { SANDBOX_BUYERS } from '../buyers.ts'
import type { PaymentRow } from '../context.ts'
import { FINANCING_MONTHS, financingTerms } from '../financing.ts'
import { formatEuro, html, page, type SafeHtml } from './html.ts'

export const METHOD_TITLES: Record<RedirectMethod, string> = {
  paypal: 'PayPal',
  amazonpay: 'Amazon Pay',
  klarna: 'Klarna',
  consors: 'Finanzierung mit Consors Finanz',
}

const STATUS_TEXTS: Record<string, string> = {
  created: 'offen',
  challenge: 'wartet auf 3-D Secure',
  approved: 'genehmigt',
  authorized: 'autorisiert',
  captured: 'eingezogen',
  partially_refunded: 'teilweise erstattet',
  refunded: 'erstattet',
  voided: 'storniert',
  declined: 'abgelehnt',
  cancelled: 'abgebrochen',
  expired: 'abgelaufen',
}

export function statusText(status: string): string {
  return STATUS_TEXTS[status] ?? status
}

function buyerChoice(row: PaymentRow): SafeHtml {
  return html`<fieldset class="psp-choices">
  <legend>Testkonto</legend>
  ${row.express ? html`<p class="psp-hint">Express: Name, E-Mail-Adresse und Lieferadresse des Kontos gehen an den Shop.</p>` : ''}
  ${SANDBOX_BUYERS.map(
    (buyer, i) => html`<label class="psp-choice">
    <input type="radio" name="buyerId" value="${buyer.id}" ${i === 0 ? html`checked` : ''}>
    <span>${buyer.label}<br><small>${buyer.payer.email}</small></span>
  </label>`,
  )}
</fieldset>`
}

function klarnaChoice(row: PaymentRow): SafeHtml {
  const current = row.details.klarna?.paymentMethod ?? 'klarnapaylater'
  const options = [
    { value: 'klarnapaylater', label: 'Später bezahlen', hint: 'Rechnung, zahlbar in 30 Tagen' },
    {
      value: 'klarnapaynow',
      label: 'Sofort bezahlen',
      hint: 'Überweisung direkt von deinem Konto',
    },
  ]
  return html`<fieldset class="psp-choices">
  <legend>Wie möchtest du bezahlen?</legend>
  ${options.map(
    (option) => html`<label class="psp-choice">
    <input type="radio" name="klarnaPaymentMethod" value="${option.value}" ${option.value === current ? html`checked` : ''}>
    <span>${option.label}<br><small>${option.hint}</small></span>
  </label>`,
  )}
</fieldset>`
}

function financingChoice(row: PaymentRow, error: boolean): SafeHtml {
  return html`<fieldset class="psp-choices" ${error ? html`aria-describedby="months-error"` : ''}>
  <legend>Laufzeit</legend>
  ${error ? html`<p class="psp-error" id="months-error">Bitte wähle eine Laufzeit aus.</p>` : ''}
  ${FINANCING_MONTHS.map((months) => {
    const terms = financingTerms(row.amountCents, months)
    const rate =
      terms.annualRatePercent === 0
        ? '0 % Zinsen'
        : `${terms.annualRatePercent.toLocaleString('de-DE')} % eff. Jahreszins, gesamt ${formatEuro(terms.totalCents)}`
    return html`<label class="psp-choice">
    <input type="radio" name="months" value="${months}" ${months === 12 ? html`checked` : ''}>
    <span>${months} Monate: ${formatEuro(terms.monthlyRateCents)} im Monat<br><small>${rate}</small></span>
  </label>`
  })}
</fieldset>`
}

export function walletPage(
  basePath: string,
  row: PaymentRow,
  action: string,
  options: { monthsError?: boolean } = {},
): string {
  const method = row.method as RedirectMethod
  const title = METHOD_TITLES[method]
  const choices =
    method === 'paypal' || method === 'amazonpay'
      ? buyerChoice(row)
      : method === 'klarna'
        ? klarnaChoice(row)
        : financingChoice(row, options.monthsError ?? false)
  return page({
    title,
    basePath,
    body: html`<section class="psp-card psp-narrow psp-method-${method}" aria-labelledby="title">
  <p class="psp-kicker">${title} · Sandbox</p>
  <h1 id="title">Zahlung an Bitwerk</h1>
  <dl class="psp-facts">
    <div><dt>Betrag</dt><dd class="psp-amount">${formatEuro(row.amountCents)}</dd></div>
    <div><dt>Referenz</dt><dd>${row.reference}</dd></div>
  </dl>
  <form method="post" action="${action}">
    ${choices}
    <div class="psp-actions">
      <button class="psp-button psp-button-primary" type="submit" name="decision" value="approve">Zahlung genehmigen</button>
      <button class="psp-button psp-button-secondary" type="submit" name="decision" value="cancel">Abbrechen</button>
    </div>
    <div class="psp-test-box">
      <p><strong>Sandbox-Test:</strong> so sieht der Shop eine Ablehnung durch den Anbieter.</p>
      <button class="psp-button psp-button-danger" type="submit" name="decision" value="decline">Zahlung ablehnen</button>
    </div>
  </form>
</section>`,
  })
}

export function walletClosedPage(basePath: string, row: PaymentRow, back: string): string {
  const title = METHOD_TITLES[row.method as RedirectMethod] ?? 'Zahlung'
  return page({
    title,
    basePath,
    body: html`<section class="psp-card psp-narrow" aria-labelledby="title">
  <p class="psp-kicker">${title} · Sandbox</p>
  <h1 id="title">Diese Zahlung ist nicht mehr offen</h1>
  <p>Status: ${statusText(row.status)}.</p>
  <p><a class="psp-button psp-button-primary" href="${back}">Zurück zum Shop</a></p>
</section>`,
  })
}
