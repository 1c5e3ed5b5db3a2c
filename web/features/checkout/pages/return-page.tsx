// The provider sends the buyer back here: /kasse/zahlung/zurueck (wallets), /kasse/zahlung/karte
// (after 3-D Secure), /kasse/zahlung/abbruch (cancelled), /kasse/express/zurueck (express
// wallets: address from the wallet, then the confirmation step). Never trusts a status in the URL.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Link } from '#web/components/ui/link.tsx'
import { errorText, t } from '#web/lib/messages.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { tsr } from '#web/lib/tsr.ts'
import { fingerprintOf, sendAttempt } from '../attempt-key.ts'

type Answer = { status: number; body: unknown }

/**
 * Finishes the payment the provider sent the buyer back with. The key is kept for this return
 * (its payment) until the shop answers, so a reload after a lost answer is the same attempt; the
 * shop also finds the order by the payment itself.
 */
async function settle(result: string, params: URLSearchParams): Promise<Answer | 'cancelled'> {
  if (result === 'abbruch') {
    return 'cancelled'
  }
  const returned = fingerprintOf([result, params.get('paymentId'), params.get('token')])
  if (result === 'karte') {
    return sendAttempt('return', returned, (idempotencyKey) =>
      tsr.checkout.processCreditCard.mutate({
        body: { idempotencyKey, paymentId: params.get('paymentId') ?? '' },
      }),
    )
  }
  return sendAttempt('return', returned, (idempotencyKey) =>
    tsr.checkout.process.mutate({
      body: {
        idempotencyKey,
        paymentToken: params.get('token') ?? '',
        ...(params.get('authorizationToken')
          ? { authorizationToken: params.get('authorizationToken') ?? '' }
          : {}),
      },
    }),
  )
}

export function PaymentReturnPage() {
  const { result = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void settle(result, new URLSearchParams(window.location.search)).then((answer) => {
      if (answer === 'cancelled') setFailure(t('payment_cancelled'))
      else if (answer.status === 200) {
        // The order emptied the cart: the header's counter, the cart and the checkout were
        // loaded with this page (before the order) and are stale now.
        void queryClient.invalidateQueries()
        navigate('/kasse/erfolgreich', { replace: true })
      } else setFailure(errorText(answer, 'payment_failed'))
    })
  }, [result, navigate, queryClient])
  return (
    <div className="checkout-page">
      <PageMeta
        title="Zahlung"
        description="Deine Zahlung wird geprüft"
        canonicalPath="/kasse"
        noindex
      />
      <h1>Zahlung</h1>
      {failure ? (
        <>
          <p className="form-error" role="alert">
            {failure}
          </p>
          <Link to="/kasse">Zurück zur Kasse</Link>
        </>
      ) : (
        <p role="status">Deine Zahlung wird geprüft …</p>
      )}
    </div>
  )
}

export function ExpressReturnPage() {
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const params = new URLSearchParams(window.location.search)
    const body = { token: params.get('token') ?? '' }
    const call =
      params.get('method') === 'amazonpay'
        ? tsr.checkout.amazonPayCheckoutDetails.mutate({ body })
        : tsr.checkout.paypalCheckoutDetails.mutate({ body })
    void call.then((answer) => {
      if (answer.status === 200) navigate('/kasse', { replace: true })
      else setFailure(errorText(answer, 'paypal_init_failed'))
    })
  }, [navigate])
  return (
    <div className="checkout-page">
      <PageMeta
        title="Zahlung"
        description="Deine Zahlung wird geprüft"
        canonicalPath="/kasse"
        noindex
      />
      <h1>Zahlung</h1>
      {failure ? (
        <>
          <p className="form-error" role="alert">
            {failure}
          </p>
          <Link to="/kasse">Zurück zur Kasse</Link>
        </>
      ) : (
        <p role="status">Deine Adresse wird übernommen …</p>
      )}
    </div>
  )
}
