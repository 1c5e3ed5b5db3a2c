// Drizzle queries of the Campus slice. The customer row is the account slice's: Campus reads it
// here and writes the membership columns through account's `setStudentMembership`.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { customers } from '#db/schema/account.ts'
import { staffAccounts } from '#db/schema/backoffice.ts'
import {
  type CampusApplicationStatus,
  type CampusMethod,
  campusApplications,
  universities,
} from '#db/schema/campus.ts'
import type { StudentStatus } from '#server/account/index.ts'

export type ApplicationRow = typeof campusApplications.$inferSelect
export type NewApplication = typeof campusApplications.$inferInsert

const customerColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  customerNumber: customers.customerNumber,
  customerType: customers.customerType,
  isLight: customers.isLight,
  studentStatus: customers.studentStatus,
  studentExpiration: customers.studentExpiration,
}

export type CampusCustomer = {
  id: number
  email: string
  firstName: string
  lastName: string
  customerNumber: string | null
  customerType: 'private' | 'business'
  isLight: boolean
  studentStatus: StudentStatus
  studentExpiration: Date | null
}

export async function findCustomer(db: DbOrTx, id: number): Promise<CampusCustomer | null> {
  const [row] = await db.select(customerColumns).from(customers).where(eq(customers.id, id))
  return row ?? null
}

/** Locks the customer's row: Campus changes of one customer happen one after another. */
export async function lockCustomer(tx: DbOrTx, id: number): Promise<CampusCustomer | null> {
  const [row] = await tx
    .select(customerColumns)
    .from(customers)
    .where(eq(customers.id, id))
    .for('update')
  return row ?? null
}

/** The customer's open document application, the one staff review (the back office links it). */
export async function openDocumentApplicationId(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({ id: campusApplications.id })
    .from(campusApplications)
    .where(
      and(
        eq(campusApplications.customerId, customerId),
        eq(campusApplications.status, 'pending'),
        eq(campusApplications.method, 'document'),
      ),
    )
    .orderBy(desc(campusApplications.id))
    .limit(1)
  return row?.id ?? null
}

// --- Universities ----------------------------------------------------------------------------

export function listUniversities(db: DbOrTx) {
  return db
    .select({
      id: universities.id,
      name: universities.name,
      country: universities.country,
      domains: universities.domains,
    })
    .from(universities)
    .where(eq(universities.isActive, true))
    .orderBy(asc(universities.name))
}

export async function findUniversity(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(universities)
    .where(and(eq(universities.id, id), eq(universities.isActive, true)))
  return row ?? null
}

// --- Applications ------------------------------------------------------------------------------

/** Open applications of a customer (an e-mail one only while its link works). */
export function findOpenApplications(db: DbOrTx, customerId: number, now: Date) {
  return db
    .select()
    .from(campusApplications)
    .where(
      and(
        eq(campusApplications.customerId, customerId),
        eq(campusApplications.status, 'pending'),
        or(eq(campusApplications.method, 'document'), gt(campusApplications.tokenExpiresAt, now)),
      ),
    )
    .orderBy(desc(campusApplications.createdAt))
}

/** The newest application with the given status (the membership's source, the last refusal). */
export async function findLatest(
  db: DbOrTx,
  customerId: number,
  status: CampusApplicationStatus,
): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(campusApplications)
    .where(
      and(eq(campusApplications.customerId, customerId), eq(campusApplications.status, status)),
    )
    .orderBy(desc(campusApplications.decidedAt), desc(campusApplications.id))
    .limit(1)
  return row ?? null
}

/** Serialises registrations of one university address until the transaction ends. */
export async function lockUniversityEmail(tx: DbOrTx, email: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('campus-email'), hashtext(${email.toLowerCase()}))`,
  )
}

/**
 * Whether another customer holds the university address: confirmed by them, or waiting for
 * their confirmation link.
 */
export async function isUniversityEmailTaken(
  db: DbOrTx,
  email: string,
  exceptCustomerId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: campusApplications.id })
    .from(campusApplications)
    .where(
      and(
        sql`lower(${campusApplications.universityEmail}) = ${email.toLowerCase()}`,
        ne(campusApplications.customerId, exceptCustomerId),
        or(
          eq(campusApplications.status, 'approved'),
          and(eq(campusApplications.status, 'pending'), gt(campusApplications.tokenExpiresAt, now)),
        ),
      ),
    )
    .limit(1)
  return Boolean(row)
}

export async function insertApplication(tx: DbOrTx, values: NewApplication) {
  const [row] = await tx.insert(campusApplications).values(values).returning()
  if (!row) throw new Error('campus application insert returned nothing')
  return row
}

export async function updateApplication(
  tx: DbOrTx,
  id: number,
  values: Partial<NewApplication>,
): Promise<ApplicationRow | null> {
  const [row] = await tx
    .update(campusApplications)
    .set(values)
    .where(eq(campusApplications.id, id))
    .returning()
  return row ?? null
}

/** Closes the customer's open applications (of one method, or all) as withdrawn. */
export async function withdrawOpen(
  tx: DbOrTx,
  customerId: number,
  now: Date,
  method?: CampusMethod,
) {
  await tx
    .update(campusApplications)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(campusApplications.customerId, customerId),
        eq(campusApplications.status, 'pending'),
        method ? eq(campusApplications.method, method) : undefined,
      ),
    )
}

export async function findByTokenForUpdate(tx: DbOrTx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(campusApplications)
    .where(and(eq(campusApplications.tokenHash, tokenHash), eq(campusApplications.method, 'email')))
    .for('update')
  return row ?? null
}

export async function findApplicationForUpdate(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(campusApplications)
    .where(eq(campusApplications.id, id))
    .for('update')
  return row ?? null
}

// --- Staff review ------------------------------------------------------------------------------

const reviewColumns = {
  application: campusApplications,
  customer: customerColumns,
}

export function listDocumentApplications(
  db: DbOrTx,
  status: 'pending' | 'approved' | 'rejected',
  limit: number,
  offset: number,
) {
  return db
    .select(reviewColumns)
    .from(campusApplications)
    .innerJoin(customers, eq(customers.id, campusApplications.customerId))
    .where(and(eq(campusApplications.method, 'document'), eq(campusApplications.status, status)))
    .orderBy(
      status === 'pending' ? asc(campusApplications.createdAt) : desc(campusApplications.decidedAt),
      asc(campusApplications.id),
    )
    .limit(limit)
    .offset(offset)
}

export async function countDocumentApplications(
  db: DbOrTx,
  status: 'pending' | 'approved' | 'rejected',
) {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${campusApplications.createdAt})` })
    .from(campusApplications)
    .where(and(eq(campusApplications.method, 'document'), eq(campusApplications.status, status)))
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null }
}

export async function findReviewApplication(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...reviewColumns, decidedBy: staffAccounts.email })
    .from(campusApplications)
    .innerJoin(customers, eq(customers.id, campusApplications.customerId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, campusApplications.decidedByStaffId))
    .where(eq(campusApplications.id, id))
  return row ?? null
}

export function listCustomerApplications(db: DbOrTx, customerId: number, exceptId: number) {
  return db
    .select({
      id: campusApplications.id,
      method: campusApplications.method,
      status: campusApplications.status,
      createdAt: campusApplications.createdAt,
      decidedAt: campusApplications.decidedAt,
    })
    .from(campusApplications)
    .where(and(eq(campusApplications.customerId, customerId), ne(campusApplications.id, exceptId)))
    .orderBy(desc(campusApplications.createdAt))
    .limit(20)
}

// --- Lifecycle job -----------------------------------------------------------------------------

/** Valid memberships whose end has passed (locked, skipping rows another process holds). */
export function dueExpirations(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select(customerColumns)
    .from(customers)
    .where(
      and(
        inArray(customers.studentStatus, ['valid', 'valid_near_expire']),
        isNotNull(customers.studentExpiration),
        lte(customers.studentExpiration, now),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true })
}

/** E-mail applications whose confirmation link ran out unused. */
export function dueLinkExpiries(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(campusApplications)
    .where(
      and(
        eq(campusApplications.method, 'email'),
        eq(campusApplications.status, 'pending'),
        lte(campusApplications.tokenExpiresAt, now),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true })
}

/**
 * Memberships entering the renewal window whose "renew soon" mail has not gone out: the
 * approved application that granted the current end date.
 */
export function dueRenewalReminders(tx: DbOrTx, now: Date, windowEnd: Date, limit: number) {
  return tx
    .select({ application: campusApplications, customer: customerColumns })
    .from(campusApplications)
    .innerJoin(customers, eq(customers.id, campusApplications.customerId))
    .where(
      and(
        eq(campusApplications.status, 'approved'),
        isNull(campusApplications.renewalReminderSentAt),
        inArray(customers.studentStatus, ['valid', 'valid_near_expire']),
        eq(customers.studentExpiration, campusApplications.grantedUntil),
        gt(customers.studentExpiration, now),
        lte(customers.studentExpiration, windowEnd),
      ),
    )
    .limit(limit)
    .for('update', { of: campusApplications, skipLocked: true })
}

/** Documents of applications closed before `before`, still in storage. */
export function documentsToDelete(tx: DbOrTx, before: Date, limit: number) {
  return tx
    .select({ id: campusApplications.id, documentKey: campusApplications.documentKey })
    .from(campusApplications)
    .where(
      and(
        isNotNull(campusApplications.documentKey),
        isNull(campusApplications.documentDeletedAt),
        ne(campusApplications.status, 'pending'),
        lte(campusApplications.decidedAt, before),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true })
}

export async function countOpenApplications(db: DbOrTx, customerId: number, now: Date) {
  return (await findOpenApplications(db, customerId, now)).length
}
