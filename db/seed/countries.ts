// The EU countries with the shop's ids (Deutschland 81, Österreich 14, ... Polen 245).
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { countries } from '../schema/addresses.ts'

type Country = { id: number; iso2: string; name: string }

export const EU_COUNTRIES: Country[] = [
  { id: 81, iso2: 'DE', name: 'Deutschland' },
  { id: 14, iso2: 'AT', name: 'Österreich' },
  { id: 21, iso2: 'BE', name: 'Belgien' },
  { id: 33, iso2: 'BG', name: 'Bulgarien' },
  { id: 57, iso2: 'DK', name: 'Dänemark' },
  { id: 67, iso2: 'EE', name: 'Estland' },
  { id: 72, iso2: 'FI', name: 'Finnland' },
  { id: 73, iso2: 'FR', name: 'Frankreich' },
  { id: 84, iso2: 'GR', name: 'Griechenland' },
  { id: 103, iso2: 'IE', name: 'Irland' },
  { id: 105, iso2: 'IT', name: 'Italien' },
  { id: 53, iso2: 'HR', name: 'Kroatien' },
  { id: 117, iso2: 'LV', name: 'Lettland' },
  { id: 123, iso2: 'LT', name: 'Litauen' },
  { id: 124, iso2: 'LU', name: 'Luxemburg' },
  { id: 132, iso2: 'MT', name: 'Malta' },
  { id: 150, iso2: 'NL', name: 'Niederlande' },
  { id: 245, iso2: 'PL', name: 'Polen' },
  { id: 171, iso2: 'PT', name: 'Portugal' },
  { id: 175, iso2: 'RO', name: 'Rumänien' },
  { id: 203, iso2: 'SE', name: 'Schweden' },
  { id: 189, iso2: 'SK', name: 'Slowakei' },
  { id: 190, iso2: 'SI', name: 'Slowenien' },
  { id: 195, iso2: 'ES', name: 'Spanien' },
  { id: 56, iso2: 'CZ', name: 'Tschechien' },
  { id: 97, iso2: 'HU', name: 'Ungarn' },
  { id: 55, iso2: 'CY', name: 'Zypern' },
]

/**
 * Countries a private delivery address may not lie in: Cyprus and Malta are not served by our
 * road parcel network (see docs/decisions.md, "Customer data and addresses").
 */
export const NO_PRIVATE_DELIVERY = new Set(['CY', 'MT'])

/** Upserts the countries and their four lists; reference data, applied at every start. */
export async function seedCountries(db: DbOrTx): Promise<void> {
  await db
    .insert(countries)
    .values(
      EU_COUNTRIES.map((country, index) => ({
        ...country,
        isEu: true,
        // Deutschland first, then alphabetical.
        sortOrder: country.id === 81 ? 0 : index + 1,
        // Billing: the EU for private and business customers. Delivery: where we ship; a
        // business delivery address is further locked to the invoice country by the rules.
        billingPrivate: true,
        billingBusiness: true,
        deliveryPrivate: !NO_PRIVATE_DELIVERY.has(country.iso2),
        deliveryBusiness: true,
      })),
    )
    .onConflictDoUpdate({
      target: countries.id,
      set: {
        iso2: sql`excluded.iso2`,
        name: sql`excluded.name`,
        sortOrder: sql`excluded.sort_order`,
        billingPrivate: sql`excluded.billing_private`,
        billingBusiness: sql`excluded.billing_business`,
        deliveryPrivate: sql`excluded.delivery_private`,
        deliveryBusiness: sql`excluded.delivery_business`,
      },
    })
}
