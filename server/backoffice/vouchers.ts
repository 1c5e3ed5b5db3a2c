// The vouchers work area: list, details with redemptions, create, switch on and off. Vouchers
// are the checkout slice's: written through its functions in the audited transaction.
import type { z } from 'zod'
import type {
  BackofficeVoucher,
  BackofficeVoucherBodySchema,
  BackofficeVoucherDetail,
} from '#contract/backoffice.ts'
import { BACKOFFICE_PAGE_SIZE } from '#contract/backoffice.ts'
import type { Db, DbOrTx, Tx } from '#db/client.ts'
import { insertVoucher, setVoucherActive as switchVoucher } from '#server/checkout/index.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import * as repo from './repo.ts'
import { addDays, berlinDayStart, type Change, paging } from './shared.ts'

function voucherOf(row: repo.VoucherRecord): BackofficeVoucher {
  const { voucher } = row
  return {
    id: voucher.id,
    code: voucher.code,
    title: voucher.title,
    kind: voucher.kind,
    valueCents: voucher.valueCents,
    percent: voucher.percent,
    minOrderCents: voucher.minOrderCents,
    businessOnly: voucher.businessOnly,
    validFrom: voucher.validFrom?.toISOString() ?? null,
    validUntil: voucher.validUntil?.toISOString() ?? null,
    maxUses: voucher.maxUses,
    usedCount: voucher.usedCount,
    oncePerCustomer: voucher.oncePerCustomer,
    active: voucher.active,
    createdBy: voucher.createdBy,
    createdAt: voucher.createdAt.toISOString(),
    redeemedCents: row.redeemedCents,
  }
}

export async function listVouchers(db: Db, page: number) {
  const { limit, offset } = paging(page)
  const { rows, total } = await repo.listVouchers(db, limit, offset)
  return { vouchers: rows.map(voucherOf), total, page, pageSize: BACKOFFICE_PAGE_SIZE }
}

export async function voucherDetail(
  db: DbOrTx,
  id: number,
): Promise<BackofficeVoucherDetail | null> {
  const row = await repo.findVoucher(db, id)
  if (!row) return null
  const redemptions = await repo.listRedemptions(db, id)
  return {
    ...voucherOf(row),
    redemptions: redemptions.map((r) => ({
      at: r.at.toISOString(),
      orderNumber: r.orderNumber,
      customerId: r.customerId,
      customerName: `${r.firstName} ${r.lastName}`,
      email: r.email,
      amountCents: r.amountCents,
    })),
  }
}

export async function createVoucher(
  tx: Tx,
  body: z.output<typeof BackofficeVoucherBodySchema>,
  staffId: number,
): Promise<
  Result<{ before: null; after: BackofficeVoucher; id: number }, 'backoffice_voucher_code_taken'>
> {
  if (await repo.findVoucherByCode(tx, body.code)) return err('backoffice_voucher_code_taken')
  const id = await insertVoucher(tx, {
    code: body.code,
    title: body.title,
    kind: body.kind,
    valueCents: body.kind === 'value' ? body.valueCents : null,
    percent: body.kind === 'percent' ? body.percent : null,
    minOrderCents: body.minOrderCents,
    businessOnly: body.businessOnly,
    validFrom: body.validFrom ? berlinDayStart(body.validFrom) : null,
    validUntil: body.validUntil
      ? new Date(berlinDayStart(addDays(body.validUntil, 1)).getTime() - 1)
      : null,
    maxUses: body.maxUses,
    oncePerCustomer: body.oncePerCustomer,
    active: true,
    createdBy: `staff:${staffId}`,
  })
  if (id === null) return err('backoffice_voucher_code_taken')
  const row = await repo.findVoucher(tx, id)
  if (!row) throw new Error('voucher vanished after insert')
  return ok({ before: null, after: voucherOf(row), id })
}

export async function setVoucherActive(
  tx: Tx,
  id: number,
  active: boolean,
): Promise<Result<Change<{ code: string; active: boolean }>, 'not_found'>> {
  const row = await repo.findVoucher(tx, id)
  if (!row) return err('not_found')
  await switchVoucher(tx, id, active)
  return ok({
    before: { code: row.voucher.code, active: row.voucher.active },
    after: { code: row.voucher.code, active },
  })
}
