// Seeding: reference data at every start; demo data when the database is empty.
// Each slice contributes a seeder here; the order respects foreign keys.
import { count } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { customers } from '../schema/account.ts'
import { seedAds } from './ads.ts'
import { seedStaff } from './backoffice.ts'
import { seedCatalog } from './catalog.ts'
import { seedVouchers } from './checkout.ts'
import { seedContent } from './content.ts'
import { seedCountries } from './countries.ts'
import { seedCustomers } from './customers.ts'
import { seedCatalogFromFile } from './demo-catalog.ts'
import { seedLegalTexts } from './legal.ts'
import { seedOrders } from './orders.ts'
import { seedUniversities } from './universities.ts'

export type SeedOptions = {
  /** Number of catalog products (benchmarks use 10,000+). */
  products: number
  /** The server's password hashing (argon2id), for demo accounts. */
  hashPassword: (password: string) => Promise<string>
  /**
   * Demo back-office accounts with a known password; default: everywhere but production
   * (NODE_ENV=production never gets them: staff accounts there come from `npm run staff:create`).
   */
  demoStaff?: boolean
}

export const DEFAULT_PRODUCT_COUNT = 1200

export async function seedReference(db: Db): Promise<void> {
  await seedCountries(db)
  await seedUniversities(db)
  // House ads and editable content: added when missing, never overwriting staff edits.
  await seedAds(db)
  await seedContent(db)
  await seedLegalTexts(db)
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCustomers(tx, options.hashPassword)
    // The default catalog is the checked-in data file, landed through the back office's importer;
    // benchmark catalogs of other sizes are generated in code (docs/decisions.md).
    if (options.products === DEFAULT_PRODUCT_COUNT) await seedCatalogFromFile(tx)
    else await seedCatalog(tx, options.products)
    if (options.demoStaff ?? process.env.NODE_ENV !== 'production') {
      await seedStaff(tx, options.hashPassword)
    }
    await seedOrders(tx)
    await seedVouchers(tx)
  })
}

/** Applies reference data; seeds demo data if no customer exists yet. Returns whether it did. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  await seedReference(db)
  const [row] = await db.select({ n: count() }).from(customers)
  if ((row?.n ?? 0) > 0) return false
  await seedDemo(db, options)
  return true
}
