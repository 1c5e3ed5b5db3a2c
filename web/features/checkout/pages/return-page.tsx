// The provider sends the buyer back here: /kasse/zahlung/zurueck (wallets), /kasse/zahlung/karte
// (after 3-D Secure), /kasse/zahlung/abbruch (cancelled), /kasse/express/zurueck (express
// wallets: address from the wallet, then the confirmation step). Never trusts a status in the URL.
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { errorText, t } from '#web/lib/messages.ts'
import { PageMeta } from '#web/lib/site.tsx'
import { tsr } from '#web/lib/tsr.ts'
import { newIdempotencyKey } from '../api.ts'

type Answer = { status: number; body: unknown }

async function settle(result: string, params: URLSearchParams): Promise<Answer | 'cancelled'> {
  const idempotencyKey = newIdempotencyKey()
  if (result === 'abbruch') {
    return 'cancelled'
  }
  if (result === 'karte') {
    return tsr.checkout.processCreditCard.mutate({
      body: { idempotencyKey, paymentId: params.get('paymentId') ?? '' },
    })
  }
  return tsr.checkout.process.mutate({
    body: {
      idempotencyKey,
      paymentToken: params.get('token') ?? '',
      ...(params.get('authorizationToken')
        ? { authorizationToken: params.get('authorizationToken') ?? '' }
        : {}),
    },
  })
}

export function PaymentReturnPage() {
  const { result = '' } = useParams()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void settle(result, new URLSearchParams(window.location.search)).then((answer) => {
      if (answer === 'cancelled') setFailure(t('payment_cancelled'))
      else if (answer.status === 200) navigate('/kasse/erfolgreich', { replace: true })
      else setFailure(errorText(answer, 'payment_failed'))
    })
  }, [result, navigate])
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
          <p role="alert">{failure}</p>
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
          <p role="alert">{failure}</p>
          <Link to="/kasse">Zurück zur Kasse</Link>
        </>
      ) : (
        <p role="status">Deine Adresse wird übernommen …</p>
      )}
    </div>
  )
}
