// /backoffice/gutscheine/:id: one voucher with its rules and every redemption; admins switch
// it off (or on again).
import { createColumnHelper } from '@tanstack/react-table'
import { useParams } from 'react-router-dom'
import type { BackofficeVoucherDetail } from '#contract/backoffice.ts'
import { Button } from '#web/components/ui/index.ts'
import { Link } from '#web/components/ui/link.tsx'
import { formatDateTime, formatPrice } from '#web/lib/format.ts'
import { useStaffMe } from '../api.ts'
import { DataTable } from '../components/data-table.tsx'
import { problemText, useSetVoucherActive, useVoucher } from '../office-api.ts'
import { backofficePaths } from '../paths.ts'
import { Loading } from '../shared.tsx'
import { voucherValidity, voucherValue } from './vouchers-page.tsx'

type Redemption = BackofficeVoucherDetail['redemptions'][number]
const column = createColumnHelper<Redemption>()
const REDEMPTION_COLUMNS = [
  column.accessor('at', { header: 'Zeitpunkt', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('orderNumber', {
    header: 'Bestellung',
    cell: (info) => <Link to={backofficePaths.order(info.getValue())}>{info.getValue()}</Link>,
  }),
  column.display({
    id: 'customer',
    header: 'Kunde',
    cell: ({ row: { original: r } }) => (
      <>
        <Link to={backofficePaths.customer(r.customerId)}>{r.customerName}</Link> ({r.email})
      </>
    ),
  }),
  column.accessor('amountCents', {
    header: 'Rabatt',
    cell: (info) => formatPrice(info.getValue()),
  }),
]

export function VoucherPage() {
  const id = Number(useParams().id)
  const validId = Number.isInteger(id) && id > 0 ? id : 0
  const query = useVoucher(validId)
  const toggle = useSetVoucherActive(validId)
  const me = useStaffMe()
  const isAdmin = me.data?.status === 200 && me.data.body.role === 'admin'
  if (query.data?.status !== 200) return <Loading error={query.error} />
  const voucher = query.data.body
  return (
    <div className="backoffice-area">
      <p>
        <Link to={backofficePaths.vouchers}>← Zu den Gutscheinen</Link>
      </p>
      <dl className="backoffice-facts">
        <dt>Code</dt>
        <dd>{voucher.code}</dd>
        <dt>Bezeichnung</dt>
        <dd>{voucher.title}</dd>
        <dt>Wert</dt>
        <dd>{voucherValue(voucher)}</dd>
        <dt>Mindestbestellwert</dt>
        <dd>{voucher.minOrderCents > 0 ? formatPrice(voucher.minOrderCents) : '–'}</dd>
        <dt>Gültigkeit</dt>
        <dd>{voucherValidity(voucher)}</dd>
        <dt>Einlösungen</dt>
        <dd>
          {voucher.usedCount}
          {voucher.maxUses !== null && ` von höchstens ${voucher.maxUses}`}
          {voucher.oncePerCustomer && ', einmal pro Kunde'}
          {voucher.businessOnly && ', nur Geschäftskunden'}
        </dd>
        <dt>Status</dt>
        <dd>{voucher.active ? 'aktiv' : 'abgeschaltet'}</dd>
      </dl>
      {isAdmin && (
        <Button
          type="button"
          variant={voucher.active ? 'danger' : 'primary'}
          pending={toggle.isPending}
          onClick={() => toggle.mutate(!voucher.active)}
        >
          {voucher.active ? 'Gutschein abschalten' : 'Gutschein wieder einschalten'}
        </Button>
      )}
      {toggle.error && (
        <p className="form-error" role="alert">
          {problemText(toggle.error)}
        </p>
      )}
      <h2>Einlösungen</h2>
      {voucher.redemptions.length === 0 ? (
        <p>Noch nicht eingelöst.</p>
      ) : (
        <DataTable
          caption="Einlösungen"
          columns={REDEMPTION_COLUMNS}
          rows={voucher.redemptions}
          rowId={(r) => `${r.orderNumber}-${r.at}`}
        />
      )}
    </div>
  )
}
