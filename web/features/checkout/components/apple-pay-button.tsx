// Apple Pay: merchant session from /kasse/applepay/init, the payment sheet (the sandbox's
// simulated sheet where the browser has no Apple Pay), the token to /kasse/applepay/process,
// then the success page after 3000 ms; a failure shows the spec's text.
import { useEffect, useRef, useState } from 'react'
import { APPLE_PAY_SUCCESS_REDIRECT_MS } from '#contract/checkout.ts'
import { Button } from '#web/components/ui/index.ts'
import { t } from '#web/lib/messages.ts'
import { tsr } from '#web/lib/tsr.ts'
import { fingerprintOf, sendAttempt } from '../attempt-key.ts'

export function ApplePayButton({ disabled }: { disabled: boolean }) {
  const [sheet, setSheet] = useState<string | null>(null)
  const [status, setStatus] = useState<'idle' | 'authorized' | 'success' | 'failure'>('idle')
  const frame = useRef<HTMLIFrameElement>(null)
  const start = async () => {
    const response = await tsr.checkout.applePayInit.query()
    if (response.status !== 200) {
      setStatus('failure')
      return
    }
    const url = response.body.applePayMerchantSession.sheetUrl
    if (!url) {
      setStatus('failure')
      return
    }
    setSheet(`${url}?amount=${response.body.summary.fullTotal}&label=Bitwerk`)
  }
  useEffect(() => {
    if (!sheet) return
    const origin = new URL(sheet, window.location.href).origin
    const onMessage = async (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return
      const data = event.data as { type?: string; token?: unknown }
      if (data.type !== 'applepay:token') {
        if (data.type === 'applepay:error') setStatus('failure')
        setSheet(null)
        return
      }
      setStatus('authorized')
      setSheet(null)
      // One key per payment token, kept until the shop answers (a retry is the same payment).
      const response = await sendAttempt('applepay', fingerprintOf(data.token), (idempotencyKey) =>
        tsr.checkout.applePayProcess.mutate({ body: { idempotencyKey, paymentData: data.token } }),
      )
      if (response.status !== 200) {
        setStatus('failure')
        return
      }
      setStatus('success')
      setTimeout(
        () => window.location.assign(response.body.redirectUrl),
        APPLE_PAY_SUCCESS_REDIRECT_MS,
      )
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [sheet])
  return (
    <div className="checkout-applepay">
      <Button type="button" disabled={disabled || status === 'authorized'} onClick={start}>
        Mit Apple Pay bezahlen
      </Button>
      {sheet && (
        <iframe ref={frame} src={sheet} title="Apple Pay" className="checkout-card-frame" />
      )}
      {status === 'success' && <p role="status">Danke! Deine Zahlung war erfolgreich.</p>}
      {status === 'failure' && (
        <p className="form-error" role="alert">
          {t('apple_pay_unavailable')}
        </p>
      )}
    </div>
  )
}
