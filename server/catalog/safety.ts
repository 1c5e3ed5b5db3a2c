// Product safety information of the product page (GPSR (EU) 2023/988 Art. 19) and the
// take-back flags of electrical equipment (ElektroG § 17, battery law): built from the product
// row and its manufacturer (docs/decisions.md "Product safety and take-back").
import type { ProductSafety, SafetyContact } from '#contract/catalog.ts'
import type { ProductSpec } from '#db/schema/catalog.ts'

export type OperatorRow = {
  name: string
  street: string
  zipCode: string
  city: string
  countryCode: string
  electronicAddress: string
}

const regions = new Intl.DisplayNames(['de'], { type: 'region' })

/** "TW" -> "Taiwan"; an unknown code stays as it is. */
export function countryName(code: string): string {
  try {
    return regions.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

export function safetyContact(row: OperatorRow): SafetyContact {
  return {
    name: row.name,
    street: row.street,
    zipCode: row.zipCode,
    city: row.city,
    country: countryName(row.countryCode),
    electronicAddress: row.electronicAddress,
  }
}

/** The product's safety section; null when its manufacturer is not recorded. */
export function productSafetyOf(
  product: { specs: ProductSpec[]; safetyWarnings: string[] },
  manufacturer: { manufacturer: OperatorRow; responsible: OperatorRow | null } | null,
): ProductSafety | null {
  if (!manufacturer) return null
  const modelNumber = product.specs.find((spec) => spec.name === 'Herstellernummer')?.value
  return {
    manufacturer: safetyContact(manufacturer.manufacturer),
    responsiblePerson: manufacturer.responsible ? safetyContact(manufacturer.responsible) : null,
    modelNumber: modelNumber ?? null,
    warnings: product.safetyWarnings,
  }
}
