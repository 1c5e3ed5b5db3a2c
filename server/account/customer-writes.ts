// Writes on the customer row that other slices ask for (issue 18: the account slice owns the
// customers table). Each takes the caller's transaction, so the change commits with the caller's
// other writes (the back office's audit entry, Campus's application).
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { type BusinessType, customers, type StudentStatus } from '#db/schema/account.ts'

export type { StudentStatus }

/** The back office's change of a business customer's company data. */
export async function updateBusinessData(
  tx: DbOrTx,
  customerId: number,
  values: {
    companyName: string | null
    businessFormId: number
    businessType: BusinessType | null
    vatId: string | null
  },
  now: Date,
) {
  await tx
    .update(customers)
    .set({
      companyName: values.companyName,
      businessFormId: values.businessFormId,
      businessType: values.businessType,
      vatId: values.vatId,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId))
}

/** Campus's membership status and end date of the customer. */
export async function setStudentMembership(
  tx: DbOrTx,
  customerId: number,
  values: { studentStatus: StudentStatus; studentExpiration?: Date | null },
  now: Date,
) {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: now })
    .where(eq(customers.id, customerId))
}
