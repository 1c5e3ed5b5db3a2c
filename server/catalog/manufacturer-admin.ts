// Manufacturers and their product-safety contacts (issue 20, GPSR Art. 19): the back office lists,
// creates and edits them through these functions, inside its audited transaction. The tables'
// triggers tell every process (NOTIFY catalog_changed), so product pages follow at once.
// A responsible person's row may serve several manufacturers (one importer for many brands): an
// edit through one manufacturer writes a new row instead of changing the others' contact.
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  BackofficeManufacturer,
  ManufacturerBodySchema,
  Operator,
} from '#contract/backoffice-manufacturers.ts'
import type { DbOrTx, Tx } from '#db/client.ts'
import { euResponsiblePersons, manufacturers, products } from '#db/schema/catalog.ts'
import { err, ok, type Result } from '#server/platform/result.ts'

export type ManufacturerAdminError =
  | 'not_found'
  | 'backoffice_brand_taken'
  | 'backoffice_brand_in_use'
type Body = z.output<typeof ManufacturerBodySchema>

function operatorOf(row: Operator): Operator {
  return {
    name: row.name,
    street: row.street,
    zipCode: row.zipCode,
    city: row.city,
    countryCode: row.countryCode,
    electronicAddress: row.electronicAddress,
  }
}

/** Every manufacturer by brand, with its contacts and how many products name it. */
export async function listManufacturersForStaff(
  db: DbOrTx,
  ids?: number[],
): Promise<BackofficeManufacturer[]> {
  const rows = await db
    .select({ manufacturer: manufacturers, person: euResponsiblePersons })
    .from(manufacturers)
    .leftJoin(euResponsiblePersons, eq(euResponsiblePersons.id, manufacturers.responsiblePersonId))
    .where(ids ? inArray(manufacturers.id, ids) : undefined)
    .orderBy(asc(manufacturers.brand))
  const counts = await db
    .select({ id: products.manufacturerId, n: count() })
    .from(products)
    .where(ids ? inArray(products.manufacturerId, ids) : undefined)
    .groupBy(products.manufacturerId)
  const productCount = new Map(counts.map((row) => [row.id, row.n]))
  return rows.map(({ manufacturer, person }) => ({
    id: manufacturer.id,
    brand: manufacturer.brand,
    manufacturer: operatorOf(manufacturer),
    responsiblePerson: person ? operatorOf(person) : null,
    productCount: productCount.get(manufacturer.id) ?? 0,
  }))
}

async function one(tx: DbOrTx, id: number): Promise<BackofficeManufacturer | null> {
  return (await listManufacturersForStaff(tx, [id]))[0] ?? null
}

async function brandTaken(tx: Tx, brand: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(sql`lower(${manufacturers.brand}) = lower(${brand})`)
  return rows.some((row) => row.id !== exceptId)
}

const sameOperator = (a: Operator, b: Operator) =>
  JSON.stringify(operatorOf(a)) === JSON.stringify(operatorOf(b))

/** The responsible person's row for the body: kept, updated when only this one uses it, or new. */
async function personId(
  tx: Tx,
  manufacturerId: number | null,
  current: { id: number; operator: Operator } | null,
  wanted: Operator | null,
): Promise<number | null> {
  if (!wanted) return null
  if (current && sameOperator(current.operator, wanted)) return current.id
  if (current) {
    const users = await tx
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(eq(manufacturers.responsiblePersonId, current.id))
    if (users.every((user) => user.id === manufacturerId)) {
      await tx
        .update(euResponsiblePersons)
        .set(operatorOf(wanted))
        .where(eq(euResponsiblePersons.id, current.id))
      return current.id
    }
  }
  const [row] = await tx
    .insert(euResponsiblePersons)
    .values(operatorOf(wanted))
    .returning({ id: euResponsiblePersons.id })
  return row?.id ?? null
}

export async function createManufacturer(
  tx: Tx,
  body: Body,
): Promise<Result<BackofficeManufacturer, 'backoffice_brand_taken'>> {
  if (await brandTaken(tx, body.brand, null)) return err('backoffice_brand_taken')
  const responsiblePersonId = await personId(tx, null, null, body.responsiblePerson)
  const [row] = await tx
    .insert(manufacturers)
    .values({ brand: body.brand, ...operatorOf(body.manufacturer), responsiblePersonId })
    .returning({ id: manufacturers.id })
  const created = row ? await one(tx, row.id) : null
  if (!created) throw new Error('manufacturer insert returned nothing')
  return ok(created)
}

/**
 * Changes a manufacturer. The brand names the products' "Hersteller" filter value and text: it
 * changes only while no product carries it.
 */
export async function updateManufacturer(
  tx: Tx,
  id: number,
  body: Body,
): Promise<
  Result<{ before: BackofficeManufacturer; after: BackofficeManufacturer }, ManufacturerAdminError>
> {
  const [locked] = await tx
    .select()
    .from(manufacturers)
    .where(eq(manufacturers.id, id))
    .for('update')
  const before = locked ? await one(tx, id) : null
  if (!locked || !before) return err('not_found')
  if (body.brand !== before.brand) {
    if (before.productCount > 0) return err('backoffice_brand_in_use')
    if (await brandTaken(tx, body.brand, id)) return err('backoffice_brand_taken')
  }
  const current =
    locked.responsiblePersonId !== null && before.responsiblePerson
      ? { id: locked.responsiblePersonId, operator: before.responsiblePerson }
      : null
  const responsiblePersonId = await personId(tx, id, current, body.responsiblePerson)
  await tx
    .update(manufacturers)
    .set({ brand: body.brand, ...operatorOf(body.manufacturer), responsiblePersonId })
    .where(eq(manufacturers.id, id))
  const after = await one(tx, id)
  if (!after) throw new Error('manufacturer vanished in its own transaction')
  return ok({ before, after })
}
