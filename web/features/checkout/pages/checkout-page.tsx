// /kasse: login or guest address, then addresses, payment, shipping, voucher and protection
// package, and the confirmation step; one file per step in ../steps/.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { CheckoutState } from '#contract/checkout.ts'
import { Link } from '#web/components/ui/link.tsx'
import { trackCheckoutStep } from '#web/features/consent/index.ts'
import { errorText, t } from '#web/lib/messages.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { checkoutKeys, useCheckoutState, useLostOrder } from '../api.ts'
import { ExpressButtons } from '../components/express-buttons.tsx'
import { AddressStep } from '../steps/address-step.tsx'
import { GuestStep } from '../steps/guest-step.tsx'
import { PaymentStep } from '../steps/payment-step.tsx'
import { ReviewStep } from '../steps/review-step.tsx'
import { Section } from '../steps/section.tsx'
import { ShippingStep } from '../steps/shipping-step.tsx'
import { VoucherStep } from '../steps/voucher-step.tsx'

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
          <VoucherStep state={state} />
        </Section>
      </div>
      <ReviewStep state={state} />
    </div>
  )
}
