// What an order offers for withdrawal (issue 19): per delivery until when, or why not; the
// declarations made so far; and the button "Vertrag widerrufen" that opens the two steps.
import { useState } from 'react'
import { Button } from '#web/components/ui/index.ts'
import { formatDateTime } from '#web/lib/format.ts'
import type { WithdrawalOptionsData } from '../withdrawal-api.ts'
import {
  DeliveryPeriod,
  unavailableText,
  WithdrawalDone,
  WithdrawalFlow,
} from './withdrawal-flow.tsx'

type Props = {
  options: WithdrawalOptionsData
  declare: Parameters<typeof WithdrawalFlow>[0]['declare']
  /** Opens the form at once (the public page, after identifying the order). */
  startOpen?: boolean
}

export function WithdrawalPanel({ options, declare, startOpen = false }: Props) {
  const [open, setOpen] = useState(startOpen)
  const flow = (
    <WithdrawalFlow
      options={options}
      declare={declare}
      onCancel={startOpen ? undefined : () => setOpen(false)}
    />
  )
  // After a declaration only its confirmation shows.
  if (declare.data)
    return (
      <div className="withdrawal">
        <WithdrawalDone declaration={declare.data} />
      </div>
    )
  return (
    <div className="withdrawal">
      {options.declarations.length > 0 && (
        <ul className="withdrawal__declared">
          {options.declarations.map((declaration) => (
            <li key={declaration.id}>
              {`Widerruf erklärt am ${formatDateTime(declaration.declaredAt)} Uhr: `}
              {declaration.wholeOrder
                ? 'die ganze Bestellung'
                : declaration.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
            </li>
          ))}
        </ul>
      )}
      {!options.available && options.reason && (
        <p className="withdrawal__reason">{unavailableText(options.reason, options.deliveries)}</p>
      )}
      {options.reason !== 'withdrawal_business_customer' &&
        options.deliveries.map((delivery) => (
          <DeliveryPeriod key={delivery.deliveryNumber} delivery={delivery} />
        ))}
      {options.available &&
        (open ? (
          flow
        ) : (
          <Button size="lg" className="withdrawal__button" onClick={() => setOpen(true)}>
            Vertrag widerrufen
          </Button>
        ))}
    </div>
  )
}
