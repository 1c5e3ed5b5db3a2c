// Light to full (account-area §4): a guest's light account becomes a full customer.
import { randomBytes } from 'node:crypto'
import type { ConversionResult, ConvertLightToFullBody } from '#contract/account.ts'
import { normalizeVatId } from '#contract/fields.ts'
import type { Tx } from '#db/client.ts'
import { checkBillingAddress, saveBillingAddress } from '#server/addresses/index.ts'
import { countCustomerCart } from '#server/cart/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { countCustomerWishlist } from '#server/wishlist/index.ts'
import { accountLinks, RESET_VALID_MINUTES, sha256 } from './common.ts'
import { kindColumns, withChosenKind } from './conversion-kind.ts'
import { sendAccountExistsMail, sendConvertedMail } from './mails.ts'
import type { CustomerRow } from './repo.ts'
import * as repo from './repo.ts'

/** The invoice address of a conversion (either payload shape's address part). */
export type ConversionAddress = Extract<
  ConvertLightToFullBody,
  { invoiceData: unknown }
>['invoiceData']

/**
 * A light account becomes a full customer with its invoice address, in one transaction: the
 * billing address is created (or replaces the guest's), the account gets a customer number and
 * the names of the address. When another full account owns the e-mail, nothing changes: the
 * owner gets the "account exists" notice and the caller the general conversion error. Afterwards
 * a mail brings the customer number and a link to set the first password.
 */
export async function convertLightToFull(
  ctx: AppContext,
  customerId: number,
  body: ConvertLightToFullBody,
): Promise<
  Result<
    ConversionResult,
    'not_found' | 'conversion_failed',
    { errorFields: Record<string, string> }
  >
> {
  const id = 'invoiceData' in body ? body.userId : body.id
  const address = 'invoiceData' in body ? body.invoiceData : body
  if (Number(id) !== customerId) return err('not_found')
  const converted = await ctx.db.transaction((tx) =>
    convertLightAccountIn(tx, ctx, customerId, address),
  )
  if (!converted.ok) return converted
  return ok({
    data: { successful: true as const },
    customerId: converted.value.id,
    customerNumber: converted.value.customerNumber ?? '',
    notepadCount: ctx.config.whiteLabel
      ? 0
      : await countCustomerWishlist(ctx.db, converted.value.id),
    cartCount: await countCustomerCart(ctx.db, converted.value.id),
  })
}

/**
 * The conversion inside the caller's transaction (the Campus upload converts in its own, so the
 * application and the conversion succeed or fail together). Checks the invoice address by the
 * account rules; on an error nothing changes but the "account exists" notice to the owner.
 */
export async function convertLightAccountIn(
  tx: Tx,
  ctx: AppContext,
  customerId: number,
  address: ConversionAddress,
): Promise<
  Result<CustomerRow, 'not_found' | 'conversion_failed', { errorFields: Record<string, string> }>
> {
  const found = await repo.lockCustomer(tx, customerId)
  if (!found) return err('not_found')
  if (!found.isLight) return err('conversion_failed', { errorFields: {} })
  const { row: locked, errorFields } = withChosenKind(found, address)
  if (errorFields) return err('conversion_failed', { errorFields })
  const checked = await checkBillingAddress(tx, locked.customerType, address)
  if (!checked.ok) return err('conversion_failed', { errorFields: checked.data?.errorFields ?? {} })
  const invoice = checked.value
  const isBusiness = locked.customerType === 'business'
  const now = ctx.clock.now()
  const token = randomBytes(32).toString('base64url')
  const links = accountLinks(ctx)
  if (await repo.isEmailTaken(tx, locked.email, locked.id)) {
    const owner = await repo.findFullCustomerByEmail(tx, locked.email)
    if (owner) await sendAccountExistsMail(tx, owner, links)
    return err('conversion_failed', { errorFields: {} })
  }
  await saveBillingAddress(tx, customerId, invoice, now)
  const row = await repo.convertToFull(tx, customerId, {
    firstName: invoice.firstName,
    lastName: invoice.lastName,
    ...(isBusiness
      ? {
          companyName: invoice.company ?? locked.companyName,
          vatId: invoice.vatId ? normalizeVatId(invoice.vatId) : locked.vatId,
        }
      : {}),
    ...kindColumns(locked, invoice),
    convertedAt: now,
    updatedAt: now,
  })
  if (!row) return err('conversion_failed', { errorFields: {} })
  await repo.insertPasswordReset(tx, {
    customerId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60 * 1000),
    now,
  })
  await sendConvertedMail(
    tx,
    row,
    row.customerNumber ?? '',
    `${links.passwordForgotten}?token=${token}`,
    RESET_VALID_MINUTES,
  )
  return ok(row)
}
