// The hosted card form (shown in the shop's iframe), its answer without JavaScript, and the
// 3-D Secure challenge page.
import { translate } from '#contract/messages.de.ts'
import type { CardAliasInfo } from '#server/platform/payments/port.ts'
import { CARD_BRAND_LABELS, type CardField } from '../card-rules.ts'
import type { PaymentRow } from '../context.ts'
import { formatEuro, html, page, type SafeHtml } from './html.ts'

type FieldsForm = {
  basePath: string
  checkUrl: string
  parentOrigin: string
  values?: Partial<Record<CardField, string>>
  errors?: Partial<Record<string, string>>
  notice?: string
}

function field(
  name: CardField,
  label: string,
  options: {
    value?: string
    error?: string
    autocomplete: string
    inputmode?: 'numeric' | 'text'
    maxlength: number
    hint?: string
    className?: string
  },
): SafeHtml {
  const errorId = `${name}-error`
  const hintId = options.hint ? `${name}-hint` : ''
  const describedBy = [hintId, errorId].filter(Boolean).join(' ')
  return html`<div class="psp-field ${options.className ?? ''}">
  <label for="${name}">${label}</label>
  ${options.hint ? html`<p class="psp-hint" id="${hintId}">${options.hint}</p>` : ''}
  <input id="${name}" name="${name}" type="text" autocomplete="${options.autocomplete}"
    inputmode="${options.inputmode ?? 'text'}" maxlength="${options.maxlength}" required
    aria-required="true" aria-describedby="${describedBy}"
    ${options.error ? html`aria-invalid="true"` : ''} value="${options.value ?? ''}">
  <p class="psp-error" id="${errorId}" ${options.error ? '' : html`hidden`}>${options.error ?? ''}</p>
</div>`
}

export function cardFieldsPage(form: FieldsForm): string {
  const errors = form.errors ?? {}
  const text = (name: string) => (errors[name] ? translate(errors[name] ?? '') : undefined)
  const values = form.values ?? {}
  return page({
    title: 'Kartendaten',
    basePath: form.basePath,
    embedded: true,
    scripts: ['fields.js'],
    bodyData: { 'parent-origin': form.parentOrigin },
    body: html`<form class="psp-card-form" method="post" action="${form.checkUrl}"
  enctype="multipart/form-data" novalidate>
  <p class="psp-secure">Sichere Eingabe bei Bitpay (Sandbox).
  Der Shop sieht deine Kartennummer nicht.</p>
  <p class="psp-form-error" id="form-error" role="alert" ${form.notice ? '' : html`hidden`}>${form.notice ?? ''}</p>
  ${field('holder', 'Karteninhaber', {
    value: values.holder,
    error: text('holder'),
    autocomplete: 'cc-name',
    maxlength: 50,
  })}
  ${field('number', 'Kartennummer', {
    error: text('number'),
    autocomplete: 'cc-number',
    inputmode: 'numeric',
    maxlength: 23,
    hint: 'Visa, Mastercard, American Express, Diners Club oder Discover',
  })}
  <fieldset class="psp-expiry">
    <legend>Gültig bis</legend>
    ${field('expiryMonth', 'Monat (MM)', {
      value: values.expiryMonth,
      error: text('expiryMonth'),
      autocomplete: 'cc-exp-month',
      inputmode: 'numeric',
      maxlength: 2,
      className: 'psp-field-short',
    })}
    ${field('expiryYear', 'Jahr (JJ)', {
      value: values.expiryYear,
      error: text('expiryYear'),
      autocomplete: 'cc-exp-year',
      inputmode: 'numeric',
      maxlength: 4,
      className: 'psp-field-short',
    })}
  </fieldset>
  ${field('cvc', 'Prüfnummer (CVC)', {
    error: text('cvc'),
    autocomplete: 'cc-csc',
    inputmode: 'numeric',
    maxlength: 4,
    hint: '3 Ziffern auf der Rückseite, bei American Express 4 auf der Vorderseite',
    className: 'psp-field-short',
  })}
  <button class="psp-button psp-button-primary" type="submit">Karte prüfen</button>
  <p class="psp-status" id="card-status" role="status"></p>
</form>`,
  })
}

/** Without JavaScript the form's post answers with this page; fields.js still reports the alias. */
export function cardCheckedPage(basePath: string, card: CardAliasInfo, parentOrigin: string) {
  return page({
    title: 'Karte geprüft',
    basePath,
    embedded: true,
    scripts: ['fields.js'],
    bodyData: {
      'parent-origin': parentOrigin,
      alias: card.alias,
      brand: card.brand,
      'masked-number': card.maskedNumber,
      expiry: card.expiry,
    },
    body: html`<div class="psp-result" role="status">
  <h1 class="psp-result-title">Karte geprüft</h1>
  <p>${CARD_BRAND_LABELS[card.brand]} ${card.maskedNumber}, gültig bis ${card.expiry}</p>
</div>`,
  })
}

export function challengePage(
  basePath: string,
  payment: PaymentRow,
  card: CardAliasInfo,
  action: string,
): string {
  return page({
    title: '3-D Secure',
    basePath,
    body: html`<section class="psp-card psp-narrow" aria-labelledby="title">
  <h1 id="title">Zahlung bestätigen</h1>
  <p>Deine Bank möchte sicher sein, dass du diese Zahlung selbst auslöst (3-D Secure, simuliert).</p>
  <dl class="psp-facts">
    <div><dt>Händler</dt><dd>Bitwerk</dd></div>
    <div><dt>Betrag</dt><dd>${formatEuro(payment.amountCents)}</dd></div>
    <div><dt>Karte</dt><dd>${CARD_BRAND_LABELS[card.brand]} ${card.maskedNumber}</dd></div>
  </dl>
  <form method="post" action="${action}" class="psp-actions">
    <button class="psp-button psp-button-primary" type="submit" name="decision" value="approve">Bestätigen</button>
    <button class="psp-button psp-button-secondary" type="submit" name="decision" value="deny">Ablehnen</button>
  </form>
</section>`,
  })
}

export function finishedPage(basePath: string, title: string, text: string, back: string | null) {
  return page({
    title,
    basePath,
    body: html`<section class="psp-card psp-narrow" aria-labelledby="title">
  <h1 id="title">${title}</h1>
  <p>${text}</p>
  ${back ? html`<p><a class="psp-button psp-button-primary" href="${back}">Zurück zum Shop</a></p>` : ''}
</section>`,
  })
}
