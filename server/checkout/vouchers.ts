// Voucher writes other slices ask for (issue 18: checkout owns the vouchers table): the back
// office creates vouchers and switches them on and off inside its audited transaction. Counting a
// use and recording a redemption stay in the order's transaction (place-order.ts).
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { vouchers } from '#db/schema/checkout.ts'

export type NewVoucher = typeof vouchers.$inferInsert

/** The new voucher's id; null when the code is taken (also by a concurrent insert). */
export async function insertVoucher(tx: DbOrTx, values: NewVoucher): Promise<number | null> {
  const [row] = await tx
    .insert(vouchers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: vouchers.id })
  return row?.id ?? null
}

export async function setVoucherActive(tx: DbOrTx, id: number, active: boolean) {
  await tx.update(vouchers).set({ active }).where(eq(vouchers.id, id))
}
