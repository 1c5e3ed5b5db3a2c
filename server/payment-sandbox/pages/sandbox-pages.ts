// The sandbox's info page (test data), the simulated Apple Pay sheet and error pages.
import { APPLE_PAY_SHEET_CARDS } from '../apple-pay.ts'
import { SANDBOX_BUYERS } from '../buyers.ts'
import { CARD_BRAND_LABELS } from '../card-rules.ts'
import { FINANCING_ANNUAL_RATE_PERCENT } from '../financing.ts'
import { TEST_CARDS } from '../test-cards.ts'
import { formatEuro, html, page } from './html.ts'

export function infoPage(basePath: string, harness: boolean): string {
  return page({
    title: 'Testdaten',
    basePath,
    body: html`<section class="psp-card" aria-labelledby="title">
  <h1 id="title">Bitpay Sandbox: Testdaten</h1>
  <p>Diese Sandbox steht für einen echten Zahlungsanbieter. Sie bewegt kein Geld; ihre Seiten
  verhalten sich wie die eines Anbieters (Kartenformular, 3-D Secure, Weiterleitungen).</p>
  ${harness ? html`<p><a href="${basePath}/dev/harness">Zum Test-Shop (Harness)</a>: alle Zahlarten ausprobieren.</p>` : ''}

  <h2>Testkarten</h2>
  <p>Karteninhaber: Buchstaben (auch Umlaute und ß), Leerzeichen und Bindestriche. Ablaufdatum:
  ein Monat in der Zukunft. Prüfnummer: 3 Ziffern, bei American Express 4. Jede andere gültige
  Nummer einer unterstützten Marke wird genehmigt.</p>
  <div class="psp-table-wrap">
  <table>
    <caption>Testkarten und ihr Verhalten</caption>
    <thead><tr><th scope="col">Kartennummer</th><th scope="col">Marke</th><th scope="col">Verhalten</th></tr></thead>
    <tbody>
    ${TEST_CARDS.map(
      (card) =>
        html`<tr><td><code>${card.number}</code></td><td>${card.brand ? CARD_BRAND_LABELS[card.brand] : 'JCB'}</td><td>${card.description}</td></tr>`,
    )}
    </tbody>
  </table>
  </div>

  <h2>PayPal und Amazon Pay</h2>
  <p>Auf der Seite des Anbieters wählst du ein Testkonto und genehmigst, brichst ab oder lehnst
  ab (Sandbox-Test). Bei Express-Zahlungen übergibt das Konto seine Lieferadresse.</p>
  <ul>${SANDBOX_BUYERS.map((buyer) => html`<li>${buyer.label} (${buyer.payer.email})</li>`)}</ul>

  <h2>Klarna</h2>
  <p>Später bezahlen (Rechnung in 30 Tagen) oder Sofort bezahlen; nach der Genehmigung bringt
  die Rückleitung ein <code>authorizationToken</code> mit.</p>

  <h2>Consors Finanz</h2>
  <p>Laufzeiten 6, 9 und 12 Monate zu 0 %, 18 bis 72 Monate zu
  ${FINANCING_ANNUAL_RATE_PERCENT.toLocaleString('de-DE')} % effektivem Jahreszins.</p>

  <h2>Apple Pay</h2>
  <p>Ohne echtes Apple Pay zeigt die Sandbox ein simuliertes Zahlungsblatt mit diesen Karten:</p>
  <ul>${Object.values(APPLE_PAY_SHEET_CARDS).map(
    (card) => html`<li>${card.displayName}${card.declines ? ': wird abgelehnt' : ''}</li>`,
  )}</ul>
</section>`,
  })
}

export function applePaySheetPage(input: {
  basePath: string
  sessionId: string
  shopOrigin: string
  displayName: string
  amountCents: number
  label: string
}): string {
  return page({
    title: 'Apple Pay',
    basePath: input.basePath,
    embedded: true,
    scripts: ['applepay-sheet.js'],
    bodyData: {
      'parent-origin': input.shopOrigin,
      'token-url': `${input.basePath}/applepay/sheet/${input.sessionId}/token`,
      amount: String(input.amountCents),
    },
    body: html`<form class="psp-sheet" aria-labelledby="sheet-title">
  <h1 id="sheet-title" class="psp-sheet-title">Apple Pay (Simulation)</h1>
  <dl class="psp-facts">
    <div><dt>Empfänger</dt><dd>${input.label || input.displayName}</dd></div>
    <div><dt>Betrag</dt><dd class="psp-amount">${formatEuro(input.amountCents)}</dd></div>
  </dl>
  <fieldset class="psp-choices">
    <legend>Karte</legend>
    ${Object.entries(APPLE_PAY_SHEET_CARDS).map(
      ([id, card], i) => html`<label class="psp-choice">
      <input type="radio" name="card" value="${id}" ${i === 0 ? html`checked` : ''}>
      <span>${card.displayName}${card.declines ? html`<br><small>Sandbox: wird abgelehnt</small>` : ''}</span>
    </label>`,
    )}
  </fieldset>
  <div class="psp-actions">
    <button class="psp-button psp-button-primary" type="submit">Mit Apple Pay bezahlen</button>
    <button class="psp-button psp-button-secondary" type="button" data-action="cancel">Abbrechen</button>
  </div>
  <p class="psp-status" role="status" id="sheet-status"></p>
</form>`,
  })
}

export function errorPage(basePath: string, title: string, text: string): string {
  return page({
    title,
    basePath,
    body: html`<section class="psp-card psp-narrow" aria-labelledby="title">
  <h1 id="title">${title}</h1>
  <p>${text}</p>
</section>`,
  })
}
