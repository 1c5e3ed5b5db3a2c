// The "Rücksendung" box (issue 19): the order's returns with status, tracking number and the
// label download, and "Rücksendung anmelden". In Bestelldetails for the customer's own order;
// on /widerruf after the identification with the withdrawal token.
import { type ReactNode, useState } from 'react'
import { Button } from '#web/components/ui/index.ts'
import { formatDate } from '#web/lib/format.ts'
import { errorText } from '#web/lib/messages.ts'
import {
  labelHref,
  type RegisteredReturn,
  type ReturnsData,
  useCreateGuestReturn,
  useCreateReturn,
  useGuestReturns,
  useReturns,
} from '../returns-api.ts'
import { type CreateReturn, ReturnForm } from './return-form.tsx'

type Owner = { orderNumber: string } | { token: string }

function LabelLink({ owner, returnNumber }: { owner: Owner; returnNumber: string }) {
  return (
    <a
      className="btn btn--secondary btn--sm"
      href={labelHref(owner, returnNumber)}
      download={`Retourenschein-${returnNumber}.pdf`}
    >
      Retourenschein (PDF)
    </a>
  )
}

function ReturnItem({ owner, item }: { owner: Owner; item: RegisteredReturn }) {
  return (
    <li className="returns__item">
      <p className="returns__head">
        <strong>Rücksendung {item.returnNumber}</strong> · {item.kindLabel} ·{' '}
        <span className="returns__status">
          {item.statusLabel} am {formatDate(item.statusAt)}
        </span>
      </p>
      <p className="returns__muted">
        {item.items.map((line) => `${line.quantity} × ${line.productName}`).join(', ')}
      </p>
      <p className="returns__muted">
        Sendungsnummer {item.carrier}: {item.trackingNumber}
      </p>
      {item.status === 'announced' && <LabelLink owner={owner} returnNumber={item.returnNumber} />}
    </li>
  )
}

function ReturnsPanel({
  owner,
  data,
  create,
}: {
  owner: Owner
  data: ReturnsData
  create: CreateReturn
}) {
  const [open, setOpen] = useState(false)
  const [created, setCreated] = useState<RegisteredReturn | null>(null)
  const canReturn = data.withdrawalAvailable || data.defectAvailable
  return (
    <div className="returns">
      {created && (
        <div className="returns__done" role="status">
          <p>
            <strong>Rücksendung {created.returnNumber} ist angemeldet.</strong> Bitte drucke den
            Retourenschein aus und klebe ihn auf das Paket. Die Rücksendung ist für dich kostenlos.
          </p>
          <LabelLink owner={owner} returnNumber={created.returnNumber} />
        </div>
      )}
      {data.returns.length > 0 && (
        <ul className="returns__list">
          {data.returns.map((item) => (
            <ReturnItem key={item.returnNumber} owner={owner} item={item} />
          ))}
        </ul>
      )}
      {canReturn &&
        (open ? (
          <ReturnForm
            key={created?.returnNumber ?? 'new'}
            data={data}
            create={create}
            onCancel={() => setOpen(false)}
            onCreated={(made) => {
              setCreated(made)
              setOpen(false)
            }}
          />
        ) : (
          <Button variant="secondary" className="returns__button" onClick={() => setOpen(true)}>
            Rücksendung anmelden
          </Button>
        ))}
    </div>
  )
}

function Frame({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: ReturnsData }
  children: (data: ReturnsData) => ReactNode
}) {
  // Nothing to show (no returns, nothing returnable): no box.
  if (query.data && query.data.returns.length === 0) {
    if (!query.data.withdrawalAvailable && !query.data.defectAvailable) return null
  }
  if (query.isPending) return null
  return (
    <section className="account-panel returns-section" aria-labelledby="returns-title">
      <h2 id="returns-title" className="account-panel__title">
        Rücksendung
      </h2>
      {query.isError && (
        <p className="form-error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.data && children(query.data)}
    </section>
  )
}

export function ReturnsSection({ orderNumber }: { orderNumber: string }) {
  const query = useReturns(orderNumber)
  const create = useCreateReturn(orderNumber)
  return (
    <Frame query={query}>
      {(data) => <ReturnsPanel owner={{ orderNumber }} data={data} create={create} />}
    </Frame>
  )
}

export function GuestReturnsSection({ token }: { token: string }) {
  const query = useGuestReturns(token)
  const create = useCreateGuestReturn(token)
  return (
    <Frame query={query}>
      {(data) => <ReturnsPanel owner={{ token }} data={data} create={create} />}
    </Frame>
  )
}
