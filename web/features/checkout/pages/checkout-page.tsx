// /kasse: login or guest address, addresses, payment, shipping, voucher, protection package and
// the confirmation step as German law wants it (final price with VAT and shipping right above
// "Zahlungspflichtig bestellen", terms, right of withdrawal and privacy linked beside it).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { AddressValues } from '#contract/addresses.ts'
import type { CheckoutAddress, CheckoutState, ProcessResult } from '#contract/checkout.ts'
import { EmailSchema } from '#contract/fields.ts'
import { Button, Field } from '#web/components/ui/index.ts'
import { useLoginPopup } from '#web/features/account/index.ts'
import { AddressForm, addressFormValuesOf, useCountries } from '#web/features/addresses/index.ts'
import { trackCheckoutStep } from '#web/features/consent/index.ts'
import { formatPrice } from '#web/lib/format.ts'
import { errorCode, errorText, t } from '#web/lib/messages.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { tsr } from '#web/lib/tsr.ts'
import {
  bodyOf,
  checkoutKeys,
  followProcessResult,
  useCheckoutState,
  useStateChange,
} from '../api.ts'
import {
  fingerprintOf,
  forgetAttempt,
  isAnswer,
  sendAttempt,
  unansweredKey,
} from '../attempt-key.ts'
import { ApplePayButton } from '../components/apple-pay-button.tsx'
import { CardFields } from '../components/card-fields.tsx'
import { ExpressButtons } from '../components/express-buttons.tsx'
import { OrderSummary } from '../components/order-summary.tsx'
import { problemText } from '../problem-text.ts'

function addressLines(address: CheckoutAddress): string {
  const street =
    address.type === 'packstation'
      ? `Packstation ${address.streetNumber}, Postnummer ${address.postNumber}`
      : `${address.streetName} ${address.streetNumber}`
  return [
    address.company,
    `${address.firstName} ${address.lastName}`,
    street,
    `${address.zipCode} ${address.cityName}`,
    address.countryName,
  ]
    .filter(Boolean)
    .join(', ')
}

function Section({
  title,
  step,
  children,
}: {
  title: string
  step: number
  children: React.ReactNode
}) {
  return (
    <section className="checkout-section" aria-labelledby={`checkout-step-${step}`}>
      <h2 id={`checkout-step-${step}`}>
        <span className="checkout-step-number">{step}</span> {title}
      </h2>
      {children}
    </section>
  )
}

function GuestStep() {
  const login = useLoginPopup()
  const queryClient = useQueryClient()
  const countries = useCountries('billing', 'private')
  const [email, setEmail] = useState('')
  const [emailTouched, setEmailTouched] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  // The e-mail field's detailed message, shown once the field was left (as the address fields).
  const emailIssue = EmailSchema.safeParse(email).error?.issues[0]?.message
  const emailError = emailTouched && emailIssue ? t(emailIssue) : undefined
  const register = async (address: AddressValues) => {
    if (emailIssue) {
      setEmailTouched(true)
      return
    }
    setPending(true)
    setFailure(null)
    const response = await tsr.account.registerGuest.mutate({
      body: { customerType: 'private', email, ...address } as never,
    })
    setPending(false)
    if (response.status !== 200) {
      setFailure(errorText(response, 'checkout_auto_registration_failed'))
      return
    }
    await queryClient.invalidateQueries()
  }
  return (
    <div className="checkout-login">
      <div className="checkout-box">
        <h3>Ich bin bereits Kunde</h3>
        <p>Melde dich an, um deine gespeicherten Adressen und Karten zu nutzen.</p>
        <Button type="button" onClick={() => login.open({ target: '/kasse' })}>
          Anmelden
        </Button>
      </div>
      <div className="checkout-box">
        <h3>Als Gast bestellen</h3>
        <Field
          label="E-Mail-Adresse"
          type="email"
          autoComplete="email"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.currentTarget.value.trim())}
          onBlur={() => setEmailTouched(true)}
        />
        <AddressForm
          context={{ flow: 'checkout', kind: 'billing', customerType: 'private' }}
          countries={countries.data ?? []}
          submitLabel="Weiter zur Zahlung"
          pending={pending}
          failure={failure}
          onSubmit={register}
        />
      </div>
    </div>
  )
}

/** "Rechnungsadresse ändern" (not for locked business or Campus billing addresses). */
function InvoiceAddress({ state }: { state: CheckoutState }) {
  const [editing, setEditing] = useState(false)
  const countries = useCountries('billing', state.customerType ?? 'private')
  const save = useStateChange((address: AddressValues) =>
    tsr.checkout.changeInvoiceAddress.mutate({ body: address as never }),
  )
  if (!state.invoiceData) return null
  const serverErrors = (save.error as { body?: { errorFields?: Record<string, string> } } | null)
    ?.body?.errorFields
  if (editing) {
    return (
      <AddressForm
        context={{
          flow: 'checkout',
          kind: 'billing',
          customerType: state.customerType ?? 'private',
        }}
        countries={countries.data ?? []}
        defaultValues={addressFormValuesOf(state.invoiceData)}
        submitLabel="Rechnungsadresse speichern"
        pending={save.isPending}
        serverErrors={serverErrors}
        failure={save.error ? errorText(save.error) : null}
        onSubmit={(address) => save.mutate(address, { onSuccess: () => setEditing(false) })}
        onCancel={() => setEditing(false)}
      />
    )
  }
  return (
    <p className="checkout-invoice">
      <strong>Rechnungsadresse:</strong> {addressLines(state.invoiceData)}{' '}
      {state.invoiceAddressEditable && (
        <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Rechnungsadresse ändern
        </Button>
      )}
    </p>
  )
}

function AddressStep({ state }: { state: CheckoutState }) {
  const [adding, setAdding] = useState(false)
  const countries = useCountries('delivery', state.customerType ?? 'private')
  const change = useStateChange((deliveryAddressId: number) =>
    tsr.checkout.changeDeliveryAddress.mutate({ body: { deliveryAddressId } }),
  )
  const add = useStateChange((address: AddressValues) =>
    tsr.checkout.addDeliveryAddress.mutate({ body: address as never }),
  )
  const options = [
    ...(state.invoiceData ? [{ ...state.invoiceData, id: 0 }] : []),
    ...state.addresses,
  ]
  const current = state.delivery?.defaultAddress ? 0 : (state.delivery?.id ?? 0)
  const serverErrors = (add.error as { body?: { errorFields?: Record<string, string> } } | null)
    ?.body?.errorFields
  return (
    <>
      <InvoiceAddress state={state} />
      <fieldset className="checkout-options">
        <legend>Lieferadresse</legend>
        {options.map((address) => (
          <label key={address.id} className="checkout-option">
            <input
              type="radio"
              name="delivery"
              checked={
                current === address.id &&
                !(state.delivery?.id === 0 && !state.delivery.defaultAddress)
              }
              onChange={() => change.mutate(address.id)}
            />
            <span>{address.id === 0 ? 'An meine Rechnungsadresse' : addressLines(address)}</span>
          </label>
        ))}
        {state.delivery && state.delivery.id === 0 && !state.delivery.defaultAddress && (
          <label className="checkout-option">
            <input type="radio" name="delivery" checked readOnly />
            <span>{addressLines(state.delivery)}</span>
          </label>
        )}
      </fieldset>
      {change.error && (
        <p className="form-error" role="alert">
          {errorText(change.error)}
        </p>
      )}
      {adding ? (
        <AddressForm
          context={{
            flow: 'checkout',
            kind: 'delivery',
            customerType: state.customerType ?? 'private',
          }}
          countries={
            state.deliveryAllowedCountries.length
              ? state.deliveryAllowedCountries
              : (countries.data ?? [])
          }
          lockedCountryId={state.deliveryCountryLockedTo}
          lockedCountryNote={
            state.customerType === 'business' ? undefined : t('checkout_delivery_country_locked')
          }
          submitLabel="Lieferadresse verwenden"
          pending={add.isPending}
          serverErrors={serverErrors}
          failure={add.error ? errorText(add.error) : null}
          onSubmit={(address) => add.mutate(address, { onSuccess: () => setAdding(false) })}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
          Neue Lieferadresse
        </Button>
      )}
    </>
  )
}

function PaymentStep({ state }: { state: CheckoutState }) {
  const choose = useStateChange(
    (body: {
      payment?: string
      paymentTermMonths?: number
      moduleId?: string
      distributorId?: string
    }) => tsr.checkout.paymentShipping.mutate({ body: body as never }),
  )
  return (
    <>
      <fieldset className="checkout-options">
        <legend>Zahlart</legend>
        {state.payments.map((option) => (
          <div key={option.id} className="checkout-option-block">
            <label className="checkout-option">
              <input
                type="radio"
                name="payment"
                value={option.id}
                checked={state.payment === option.id}
                // Sent only when the payment changed (storefront section 4).
                onChange={() =>
                  state.payment !== option.id && choose.mutate({ payment: option.id })
                }
              />
              <span>
                {option.name}
                {option.feeCents > 0 && ` (+ ${formatPrice(option.feeCents)})`}
              </span>
            </label>
            <p className="checkout-help">{option.helpText}</p>
            {state.payment === option.id && option.termMonths.length > 0 && (
              <label className="checkout-terms">
                Laufzeit
                <select
                  value={state.paymentTermMonths ?? ''}
                  onChange={(event) =>
                    choose.mutate({
                      payment: option.id,
                      paymentTermMonths: Number(event.currentTarget.value),
                    })
                  }
                >
                  {option.termMonths.map((months) => (
                    <option key={months} value={months}>
                      {months} Monate
                    </option>
                  ))}
                </select>
              </label>
            )}
            {state.payment === 'creditcard' && option.id === 'creditcard' && (
              <CardFields state={state} />
            )}
          </div>
        ))}
      </fieldset>
      {state.error === 'checkout_no_payments' && (
        <p className="form-error" role="alert">
          {t('checkout_no_payments')}
        </p>
      )}
      {choose.error && (
        <p className="form-error" role="alert">
          {errorText(choose.error)}
        </p>
      )}
    </>
  )
}

function ShippingStep({ state }: { state: CheckoutState }) {
  const choose = useStateChange((body: { moduleId: string; distributorId: string }) =>
    tsr.checkout.paymentShipping.mutate({ body: body as never }),
  )
  return (
    <fieldset className="checkout-options">
      <legend>Versandart</legend>
      {state.modules.flatMap((module) =>
        module.shippingModules.map((option) => {
          const selected =
            state.shipping?.moduleId === module.id &&
            state.shipping.distributorId === option.distributorId
          return (
            <label key={`${module.id}-${option.distributorId}`} className="checkout-option">
              <input
                type="radio"
                name="shipping"
                checked={selected}
                onChange={() =>
                  !selected &&
                  choose.mutate({ moduleId: module.id, distributorId: option.distributorId })
                }
              />
              <span>
                {module.name} mit {option.name}:{' '}
                {option.priceCents === 0 ? 'kostenlos' : formatPrice(option.priceCents)}
                <small> {module.description}</small>
              </span>
            </label>
          )
        }),
      )}
      {choose.error && (
        <p className="form-error" role="alert">
          {errorText(choose.error)}
        </p>
      )}
    </fieldset>
  )
}

function VoucherAndProtection({ state }: { state: CheckoutState }) {
  const [code, setCode] = useState('')
  const redeem = useStateChange((voucherCode: string) =>
    tsr.checkout.voucher.mutate({ body: { voucherCode } }),
  )
  const remove = useStateChange((voucherCode: string) =>
    tsr.checkout.voucherRemove.mutate({ body: { voucherCode } }),
  )
  const protection = useStateChange((selected: boolean) =>
    tsr.checkout.noRiskMuchFun.mutate({ body: { selected } }),
  )
  return (
    <>
      <form
        className="checkout-voucher"
        onSubmit={(event) => {
          event.preventDefault()
          if (code) redeem.mutate(code, { onSuccess: () => setCode('') })
        }}
      >
        <Field
          label="Gutscheincode"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" variant="secondary" pending={redeem.isPending}>
          Einlösen
        </Button>
      </form>
      {redeem.error && (
        <p className="form-error" role="alert">
          {problemText(redeem.error)}
        </p>
      )}
      {state.coupons.map((coupon) => (
        <p key={coupon.code} className="checkout-coupon">
          Gutschein {coupon.title} ({coupon.code}): −{formatPrice(coupon.cents)}{' '}
          <button
            type="button"
            className="checkout-link-button"
            onClick={() => remove.mutate(coupon.code)}
          >
            Entfernen
          </button>
        </p>
      ))}
      {state.noRiskMuchFun.available && (
        <label className="checkout-option">
          <input
            type="checkbox"
            checked={state.noRiskMuchFun.selected}
            onChange={(event) => protection.mutate(event.currentTarget.checked)}
          />
          <span>
            Schutzpaket „No Risk, Much Fun“ für {formatPrice(state.noRiskMuchFun.priceCents)}: 3
            Jahre Schutz bei Bruch- und Flüssigkeitsschäden (optional)
          </span>
        </label>
      )}
    </>
  )
}

/** The order attempt's scope in the kept keys (attempt-key.ts). */
const ORDER_ATTEMPT = 'order'

/** What the order is: a change of any of it (cart, addresses, payment, ...) is a new attempt. */
export function orderFingerprint(state: CheckoutState): string {
  return fingerprintOf([
    state.email,
    state.payment,
    state.paymentTermMonths,
    state.shipping,
    state.products.map((product) => [product.id, product.quantity, product.available]),
    state.coupons.map((coupon) => coupon.code),
    state.noRiskMuchFun.selected,
    state.invoiceData,
    state.delivery,
    state.creditCard?.alias ?? null,
    state.summary,
  ])
}

/**
 * The page was reloaded after an order attempt whose answer never came and the cart is empty
 * now: the kept key asks the shop for that attempt's order (the server answers it again).
 */
function useLostOrder(error: unknown): boolean {
  const [looking, setLooking] = useState(false)
  useEffect(() => {
    if (errorCode(error) !== 'cart_empty') return
    const idempotencyKey = unansweredKey(ORDER_ATTEMPT)
    if (!idempotencyKey) return
    setLooking(true)
    tsr.checkout.process.mutate({ body: { idempotencyKey } }).then(
      (answer) => {
        if (isAnswer(answer.status)) forgetAttempt(ORDER_ATTEMPT)
        if (answer.status === 200) followProcessResult(answer.body)
        else setLooking(false)
      },
      () => setLooking(false),
    )
  }, [error])
  return looking
}

function Confirmation({ state }: { state: CheckoutState }) {
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const ready = state.step === 'confirmation'
  const order = async () => {
    // The key stays the same until the shop answers: a double click, or a retry after a lost
    // answer (network, 5xx, 503), is the same order; a changed order gets a new key.
    setPending(true)
    setFailure(null)
    try {
      const result = bodyOf<ProcessResult>(
        await sendAttempt(ORDER_ATTEMPT, orderFingerprint(state), (idempotencyKey) =>
          tsr.checkout.process.mutate({ body: { idempotencyKey } }),
        ),
      )
      followProcessResult(result)
    } catch (error) {
      setFailure(errorText(error, 'checkout_general'))
      setPending(false)
    }
  }
  const total = state.summary.fullTotal
  return (
    <div className="checkout-confirm">
      <p className="checkout-final-price">
        Gesamtsumme: <strong>{formatPrice(total)}</strong>
        <br />
        <small>
          inkl. {state.summary.deliveries[0]?.tax.taxPercent ?? 19} % MwSt. (
          {formatPrice(state.taxValue)}) und Versandkosten (
          {state.summary.shipping === 0 ? 'kostenlos' : formatPrice(state.summary.shipping)})
        </small>
      </p>
      <p className="checkout-legal">
        Mit deiner Bestellung erklärst du dich mit unseren{' '}
        <Link to="/infocenter/section/conditions">AGB</Link> einverstanden. Bitte beachte unsere{' '}
        <Link to="/infocenter/section/withdrawal">Widerrufsbelehrung</Link> und unsere{' '}
        <Link to="/infocenter/section/privacy">Datenschutzerklärung</Link>.
      </p>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {state.payment === 'applepay' ? (
        <ApplePayButton disabled={!ready} />
      ) : (
        <Button type="button" disabled={!ready} pending={pending} onClick={order}>
          Zahlungspflichtig bestellen
        </Button>
      )}
    </div>
  )
}

export function CheckoutPage() {
  const state = useCheckoutState()
  const lookingForOrder = useLostOrder(state.error)
  const [message, setMessage] = useState<string | null>(null)
  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('meldung')
    if (code) setMessage(t(code))
  }, [])
  return (
    <div className="checkout-page">
      <PageMeta title="Kasse" description="Deine Bestellung bei Bitwerk" canonicalPath="/kasse" />
      <h1>Kasse</h1>
      {message && <p role="status">{message}</p>}
      {state.isPending && <p>Die Kasse wird geladen …</p>}
      {lookingForOrder && <p role="status">Deine Bestellung wird geprüft …</p>}
      {state.error && !lookingForOrder && (
        <div className="form-error" role="alert">
          <p>{errorText(state.error, 'checkout_init_error')}</p>
          <Link to="/warenkorb">Zurück zum Warenkorb</Link>
        </div>
      )}
      {state.data && <CheckoutSteps state={state.data} />}
    </div>
  )
}

/** The checkout's steps as tracking names them (storefront spec, tracking events). */
const TRACKED_STEP = {
  login: 'start',
  address: 'address',
  payment: 'payment',
  shipping: 'delivery',
  confirmation: 'summary',
} as const

/**
 * One tracking event per step reached: "start" when the checkout opens, then each step the
 * state moves to (consent decides inside `track` whether anything is sent).
 */
function useTrackedSteps(step: CheckoutState['step']) {
  const sent = useRef(new Set<string>())
  useEffect(() => {
    for (const name of ['start', TRACKED_STEP[step]] as const) {
      if (sent.current.has(name)) continue
      sent.current.add(name)
      void trackCheckoutStep(name)
    }
  }, [step])
}

function CheckoutSteps({ state }: { state: CheckoutState }) {
  const queryClient = useQueryClient()
  useTrackedSteps(state.step)
  useEffect(() => {
    if (state.isLoggedIn) void queryClient.invalidateQueries({ queryKey: checkoutKeys.lastOrder() })
  }, [state.isLoggedIn, queryClient])
  if (!state.isLoggedIn) {
    return (
      <Section title="Anmelden" step={1}>
        <GuestStep />
      </Section>
    )
  }
  return (
    <div className="checkout-layout">
      <div className="checkout-main">
        <ExpressButtons />
        <Section title="Adresse" step={1}>
          <AddressStep state={state} />
        </Section>
        <Section title="Zahlung" step={2}>
          <PaymentStep state={state} />
        </Section>
        <Section title="Versand" step={3}>
          <ShippingStep state={state} />
        </Section>
        <Section title="Gutschein und Schutzpaket" step={4}>
          <VoucherAndProtection state={state} />
        </Section>
      </div>
      <aside className="checkout-aside" aria-labelledby="checkout-step-5">
        <h2 id="checkout-step-5">
          <span className="checkout-step-number">5</span> Bestellung prüfen
        </h2>
        <OrderSummary state={state} />
        <Confirmation state={state} />
      </aside>
    </div>
  )
}
