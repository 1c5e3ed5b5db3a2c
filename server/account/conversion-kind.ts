// The kind a light account converts as (account-area §4: the first-address form's "Ich bin
// Geschäftskunde" checkbox). Kept beside the conversion so its rules stay in one place.
import { isOwnerRequired } from '#contract/fields.ts'
import type { ConversionAddress } from './light-account.ts'

type Kind = Pick<
  ConversionAddress,
  'customerType' | 'businessForm' | 'businessType' | 'firstName' | 'lastName'
>
type KindRow = {
  customerType: 'private' | 'business'
  businessFormId: number
  businessType: 'consumer' | 'reseller' | null
  ownerFirstName: string | null
  ownerLastName: string | null
}

/**
 * The row as the conversion sees it with the chosen kind; `errorFields` when a business kind
 * lacks its form or type. Left out, the guest order's kind stays (the Campus form's conversion).
 */
export function withChosenKind<R extends KindRow>(
  row: R,
  chosen: Kind,
): { row: R; errorFields?: Record<string, string> } {
  const customerType = chosen.customerType ?? row.customerType
  if (customerType === 'private') return { row: { ...row, customerType } }
  const businessFormId = chosen.businessForm ?? row.businessFormId
  const businessType = chosen.businessType ?? row.businessType
  if (businessFormId < 1) return { row, errorFields: { businessForm: 'business_form_required' } }
  if (!businessType) return { row, errorFields: { businessType: 'business_type_required' } }
  return { row: { ...row, customerType, businessFormId, businessType } }
}

/**
 * The columns the conversion writes for the kind. A private customer keeps no company data; a
 * partnership or sole proprietor without owner names gets the invoice names as its owner (the
 * owner modal changes them).
 */
export function kindColumns(row: KindRow, invoice: Pick<Kind, 'firstName' | 'lastName'>) {
  if (row.customerType === 'private') {
    return {
      customerType: 'private' as const,
      businessFormId: 0,
      businessType: null,
      companyName: null,
      vatId: null,
      ownerFirstName: null,
      ownerLastName: null,
    }
  }
  const needsOwner =
    isOwnerRequired(row.businessFormId) && !(row.ownerFirstName && row.ownerLastName)
  return {
    customerType: 'business' as const,
    businessFormId: row.businessFormId,
    businessType: row.businessType,
    ...(needsOwner ? { ownerFirstName: invoice.firstName, ownerLastName: invoice.lastName } : {}),
  }
}
