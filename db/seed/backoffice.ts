// Demo staff accounts to click through the back office with (/backoffice): seeded with the demo
// data outside production only. Real staff accounts come from `npm run staff:create`.
import type { DbOrTx } from '../client.ts'
import { staffAccounts } from '../schema/backoffice.ts'

export const DEMO_STAFF_PASSWORD = 'Backoffice-Demo-2026'
export const DEMO_STAFF = {
  service: 'service@bitwerk.example',
  admin: 'admin@bitwerk.example',
}

export async function seedStaff(
  db: DbOrTx,
  hashPassword: (password: string) => Promise<string>,
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD)
  await db.insert(staffAccounts).values([
    { email: DEMO_STAFF.service, name: 'Sina Service', role: 'service', passwordHash },
    { email: DEMO_STAFF.admin, name: 'Ari Admin', role: 'admin', passwordHash },
  ])
}
