// "Vertrag widerrufen" in Bestelldetails (issue 19): the customer's own order, prominently
// below the order's facts.
import { errorText } from '#web/lib/messages.ts'
import { useDeclareWithdrawal, useWithdrawalOptions } from '../withdrawal-api.ts'
import { WithdrawalPanel } from './withdrawal-panel.tsx'

export function WithdrawalSection({ orderNumber }: { orderNumber: string }) {
  const options = useWithdrawalOptions(orderNumber)
  const declare = useDeclareWithdrawal(orderNumber)
  return (
    <section className="account-panel withdrawal-section" aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title" className="account-panel__title">
        Vertrag widerrufen
      </h2>
      {options.isPending && <p role="status">Widerrufsmöglichkeiten werden geladen …</p>}
      {options.isError && (
        <p className="form-error" role="alert">
          {errorText(options.error)}
        </p>
      )}
      {options.data && <WithdrawalPanel options={options.data} declare={declare} />}
    </section>
  )
}
