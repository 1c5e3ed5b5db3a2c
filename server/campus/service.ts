// Rules of the Campus programme (account-area §4, §5, §8): registration by university e-mail
// (confirmed by a mailed link) or by a document (checked by staff), the status pages' data and
// the lifecycle: unknown -> pending -> valid (-> near expiry) -> expired, or deactivated after
// a refusal. The membership is stored on the customer (student_status, student_expiration) and
// changed only here, in the same transaction as the application that causes it.
import { createHash, randomBytes } from 'node:crypto'
import {
  CampusEmailFormSchema,
  type CampusStatusResponse,
  emailMatchesDomains,
  isCampusMemberStatus,
  renewalDateOf,
  type StudentData,
  studentDataSchema,
  type University,
} from '#contract/campus.ts'
import type { Tx } from '#db/client.ts'
import {
  convertLightAccountIn,
  type StudentStatus,
  setStudentMembership,
} from '#server/account/index.ts'
import type { AppContext } from '#server/platform/http.ts'
import { hitRateLimit } from '#server/platform/rate-limit.ts'
import { err, ok, type Result } from '#server/platform/result.ts'
import { newStorageKey } from '#server/platform/storage.ts'
import type { CampusErrorData } from './answers.ts'
import { addMonths, berlinDate, endOfBerlinDay, germanDate } from './dates.ts'
import { detectFileType, displayName } from './files.ts'
import { sendConfirmationLinkMail, sendDocumentReceivedMail, sendWelcomeMail } from './mails.ts'
import { campusStatusOf } from './membership.ts'
import * as repo from './repo.ts'

/** The confirmation link to a university address works this long. */
export const EMAIL_LINK_DAYS = 7
/** A membership confirmed by university e-mail lasts this long (renewable from 14 days before). */
export const EMAIL_MEMBERSHIP_MONTHS = 12
const DAY_MS = 24 * 60 * 60 * 1000

type Limited = 'rate_limited'
type NotForBusiness = 'campus_not_for_business'
export type FailureData = {
  errorData?: CampusErrorData
  errorFields?: Record<string, string>
  /** 400: studentData fields that failed their rules (studentData's own names). */
  fields?: Record<string, string>
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export function campusLinks(base: string) {
  return {
    account: `${base}/kundenkonto/studentenprogramm`,
    deals: `${base}/studentenprogramm`,
    confirm: (token: string) => `${base}/studentenprogramm/bestaetigen?token=${token}`,
  }
}

async function withinLimit(ctx: AppContext, key: string, limit: number, windowSeconds: number) {
  const result = await hitRateLimit(ctx.db, key, { limit, windowSeconds, now: ctx.clock.now() })
  return result.allowed
}

/**
 * Registering again while a membership runs (and is not yet in its renewal window) is refused
 * with the day renewal opens and the address the membership runs on.
 */
async function alreadyRegistered(
  db: AppContext['db'],
  customer: repo.CampusCustomer,
  now: Date,
): Promise<CampusErrorData | null> {
  if (campusStatusOf(customer, now) !== 'valid' || !customer.studentExpiration) return null
  const source = await repo.findLatest(db, customer.id, 'approved')
  return {
    possibleRenewalDate: germanDate(renewalDateOf(customer.studentExpiration)),
    universityEmail:
      source?.method === 'email' && source.universityEmail
        ? source.universityEmail
        : customer.email,
  }
}

/**
 * What a new application does to the stored status: a customer without membership becomes
 * pending (a member at once, account-area §4); a running membership stays valid and the
 * application is its renewal. `previousStatus` is what the customer falls back to when the
 * application ends without approval.
 */
function statusOnApply(
  customer: repo.CampusCustomer,
  open: repo.ApplicationRow[],
  now: Date,
): { previousStatus: StudentStatus; isRenewal: boolean; becomesPending: boolean } {
  const current = campusStatusOf(customer, now)
  if (current === 'valid' || current === 'valid_near_expire') {
    return { previousStatus: 'valid', isRenewal: true, becomesPending: false }
  }
  if (current === 'pending') {
    const other = open[0]
    return {
      previousStatus: other?.previousStatus ?? 'unknown',
      isRenewal: other?.isRenewal ?? false,
      becomesPending: true,
    }
  }
  return { previousStatus: current, isRenewal: false, becomesPending: true }
}

/**
 * After an application closed without granting anything (refused, link expired, withdrawn):
 * other open applications keep the customer pending; a running membership stays; otherwise a
 * refusal deactivates, a passed end date is expired, and anything else returns to where the
 * customer was before.
 */
export async function settleAfterClose(
  tx: Tx,
  customerId: number,
  closed: repo.ApplicationRow,
  now: Date,
  options: { refused: boolean },
): Promise<StudentStatus> {
  const customer = await repo.lockCustomer(tx, customerId)
  if (!customer) throw new Error(`campus customer ${customerId} missing`)
  const current = campusStatusOf(customer, now)
  const open = await repo.findOpenApplications(tx, customerId, now)
  if (open.length > 0 || current === 'valid' || current === 'valid_near_expire') {
    return customer.studentStatus
  }
  let next: StudentStatus
  if (options.refused) next = 'deactivated'
  else if (customer.studentExpiration && customer.studentExpiration <= now) next = 'expired'
  else
    next =
      closed.previousStatus === 'valid' || closed.previousStatus === 'pending'
        ? 'unknown'
        : closed.previousStatus
  if (next !== customer.studentStatus)
    await setStudentMembership(tx, customerId, { studentStatus: next }, now)
  return next
}

/** A membership granted until the end of `day` (Berlin); other open applications close. */
export async function grantMembership(
  tx: Tx,
  customerId: number,
  until: Date,
  now: Date,
  exceptApplicationId: number,
) {
  const open = await repo.findOpenApplications(tx, customerId, now)
  for (const application of open) {
    if (application.id === exceptApplicationId) continue
    await repo.updateApplication(tx, application.id, {
      status: 'withdrawn',
      decidedAt: now,
      updatedAt: now,
    })
  }
  await setStudentMembership(
    tx,
    customerId,
    { studentStatus: 'valid', studentExpiration: until },
    now,
  )
}

// --- Reads ------------------------------------------------------------------------------------

/** Campus is for private customers only (account-area §1, §6). */
export async function mayJoin(ctx: AppContext, customerId: number): Promise<boolean> {
  const customer = await repo.findCustomer(ctx.db, customerId)
  return customer?.customerType === 'private'
}

export async function listUniversities(ctx: AppContext): Promise<University[]> {
  return repo.listUniversities(ctx.db)
}

export async function getStatus(
  ctx: AppContext,
  customerId: number,
): Promise<Result<CampusStatusResponse, NotForBusiness>> {
  const customer = await repo.findCustomer(ctx.db, customerId)
  if (!customer) throw new Error(`customer ${customerId} of a logged-in session is missing`)
  if (customer.customerType === 'business') return err('campus_not_for_business')
  const now = ctx.clock.now()
  const status = campusStatusOf(customer, now)
  const [source, refused, open] = await Promise.all([
    repo.findLatest(ctx.db, customerId, 'approved'),
    repo.findLatest(ctx.db, customerId, 'rejected'),
    repo.findOpenApplications(ctx.db, customerId, now),
  ])
  const openApplication = open[0] ?? null
  const refusalIsNewest =
    refused?.decidedAt &&
    (!source?.decidedAt || refused.decidedAt.getTime() > source.decidedAt.getTime())
  return ok({
    campusProgramSubscriptionStatus: status,
    campusProgramSubscriptionValidToDateTime: customer.studentExpiration?.toISOString() ?? null,
    campusProgramVerificationType: source ? (source.method === 'email' ? 'email' : 'manual') : null,
    automatedVerificationEnabled: ctx.config.campus.automatedVerificationEnabled,
    isMember: isCampusMemberStatus(status),
    universityEmail: source?.method === 'email' ? source.universityEmail : null,
    universityId: source?.universityId ?? null,
    possibleRenewalDate: customer.studentExpiration
      ? berlinDate(renewalDateOf(customer.studentExpiration))
      : null,
    openApplication: openApplication
      ? {
          method: openApplication.method,
          universityEmail: openApplication.universityEmail,
          submittedAt: openApplication.createdAt.toISOString(),
          isRenewal: openApplication.isRenewal,
        }
      : null,
    rejectionReason: refusalIsNewest ? (refused?.rejectionReason ?? null) : null,
  })
}

// --- Registration by university e-mail ---------------------------------------------------------

type EmailCode =
  | 'terms_not_accepted'
  | 'invalid_email'
  | 'university_required'
  | 'email_used_by_someone_else'
  | 'cannot_register_again'
  | 'email_does_not_belong_to_university'
  | 'campus_internal_error'

/** Multipart fields arrive as text; the typed client JSON-encodes them ("\"a@b.de\"", "true"). */
function decodeField(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

function isChecked(value: unknown): boolean {
  return value === true || value === 'true' || value === 'on' || value === '1' || value === 1
}

function firstCode(issues: { message: string }[], fallback: EmailCode): EmailCode {
  const code = issues[0]?.message.split('?')[0]
  return (code as EmailCode | undefined) ?? fallback
}

/**
 * Registration by university e-mail: the address must belong to the chosen university (its
 * domains and their subdomains) and to nobody else; a link to it confirms. The customer is
 * pending until then (a running membership stays valid: this is its renewal).
 */
export async function registerByEmail(
  ctx: AppContext,
  customerId: number,
  fields: Record<string, unknown>,
): Promise<Result<void, EmailCode | NotForBusiness | Limited, FailureData>> {
  const customer = await repo.findCustomer(ctx.db, customerId)
  if (!customer) throw new Error(`customer ${customerId} of a logged-in session is missing`)
  if (customer.customerType === 'business') return err('campus_not_for_business')
  if (!ctx.config.campus.automatedVerificationEnabled) return err('campus_internal_error')
  const parsed = CampusEmailFormSchema.safeParse({
    university_id: decodeField(fields.university_id) ?? '',
    email: decodeField(fields.email) ?? '',
    terms: isChecked(decodeField(fields.terms)),
  })
  if (!parsed.success) return err(firstCode(parsed.error.issues, 'campus_internal_error'))
  const { email } = parsed.data
  if (!(await withinLimit(ctx, `campus-email:${customerId}`, 10, 60 * 60))) {
    return err('rate_limited')
  }
  const university = await repo.findUniversity(ctx.db, parsed.data.university_id)
  if (!university) return err('university_required')
  if (!emailMatchesDomains(email, university.domains)) {
    return err('email_does_not_belong_to_university')
  }
  const now = ctx.clock.now()
  const registered = await alreadyRegistered(ctx.db, customer, now)
  if (registered) return err('cannot_register_again', { errorData: registered })

  const token = randomBytes(32).toString('base64url')
  const links = campusLinks(ctx.config.publicUrl)
  return ctx.db.transaction(async (tx): Promise<Result<void, EmailCode>> => {
    const locked = await repo.lockCustomer(tx, customerId)
    if (!locked) throw new Error(`customer ${customerId} vanished`)
    await repo.lockUniversityEmail(tx, email)
    if (await repo.isUniversityEmailTaken(tx, email, customerId, now)) {
      return err('email_used_by_someone_else')
    }
    const open = await repo.findOpenApplications(tx, customerId, now)
    const change = statusOnApply(locked, open, now)
    await repo.withdrawOpen(tx, customerId, now, 'email')
    await repo.insertApplication(tx, {
      customerId,
      method: 'email',
      isRenewal: change.isRenewal,
      previousStatus: change.previousStatus,
      universityId: university.id,
      universityEmail: email,
      tokenHash: sha256(token),
      tokenExpiresAt: new Date(now.getTime() + EMAIL_LINK_DAYS * DAY_MS),
      createdAt: now,
      updatedAt: now,
    })
    if (change.becomesPending && locked.studentStatus !== 'pending') {
      await setStudentMembership(tx, customerId, { studentStatus: 'pending' }, now)
    }
    await sendConfirmationLinkMail(
      tx,
      { universityEmail: email, firstName: locked.firstName, universityName: university.name },
      links.confirm(token),
      EMAIL_LINK_DAYS,
    )
    return ok(undefined)
  })
}

/**
 * The link from the university mailbox: the membership becomes valid for 12 months (a renewal
 * adds them to the running end). Needs no login: the token proves the mailbox. Opening the link
 * again answers the same success.
 */
export async function confirmEmail(
  ctx: AppContext,
  token: string,
): Promise<Result<{ validUntil: Date }, 'campus_link_invalid' | 'email_used_by_someone_else'>> {
  const now = ctx.clock.now()
  const links = campusLinks(ctx.config.publicUrl)
  return ctx.db.transaction(async (tx) => {
    const application = await repo.findByTokenForUpdate(tx, sha256(token))
    if (!application?.universityEmail) return err('campus_link_invalid')
    if (application.status === 'approved' && application.grantedUntil) {
      return ok({ validUntil: application.grantedUntil })
    }
    if (application.status !== 'pending' || !application.tokenExpiresAt) {
      return err('campus_link_invalid')
    }
    if (application.tokenExpiresAt <= now) return err('campus_link_invalid')
    const customer = await repo.lockCustomer(tx, application.customerId)
    if (!customer || customer.customerType === 'business') return err('campus_link_invalid')
    await repo.lockUniversityEmail(tx, application.universityEmail)
    if (await repo.isUniversityEmailTaken(tx, application.universityEmail, customer.id, now)) {
      return err('email_used_by_someone_else')
    }
    const current = campusStatusOf(customer, now)
    const runsOn =
      (current === 'valid' || current === 'valid_near_expire') && customer.studentExpiration
        ? customer.studentExpiration
        : now
    const until = endOfBerlinDay(addMonths(berlinDate(runsOn), EMAIL_MEMBERSHIP_MONTHS))
    await repo.updateApplication(tx, application.id, {
      status: 'approved',
      decidedAt: now,
      grantedUntil: until,
      updatedAt: now,
    })
    await grantMembership(tx, customer.id, until, now, application.id)
    await sendWelcomeMail(tx, customer, germanDate(until), links.deals)
    return ok({ validUntil: until })
  })
}

// --- Registration by document --------------------------------------------------------------------

type DocumentCode =
  | 'file_required'
  | 'file_too_large'
  | 'file_type_invalid'
  | 'cannot_register_again'
  | 'conversion_failed'
  | 'campus_internal_error'

export type UploadedFile = { buffer: Buffer; originalname?: string; size: number }

function fieldCodesOf(issues: { path: (string | number)[]; message: string }[]) {
  const fields: Record<string, string> = {}
  for (const issue of issues) fields[issue.path.join('.') || 'studentData'] ??= issue.message
  return fields
}

/** The studentData JSON by the form's rules, "today" from the server's clock. */
export function parseStudentData(
  ctx: AppContext,
  raw: unknown,
  isLight: boolean,
): Result<StudentData, 'invalid', FailureData> {
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return err('invalid', { fields: { studentData: 'invalid' } })
    }
  }
  const parsed = studentDataSchema(berlinDate(ctx.clock.now())).safeParse(value ?? {})
  if (!parsed.success) return err('invalid', { fields: fieldCodesOf(parsed.error.issues) })
  if (isLight && !parsed.data.address) {
    return err('invalid', { fields: { address: 'required' } })
  }
  return ok(parsed.data)
}

/**
 * Registration with a document (student ID, school certificate, training contract): checked
 * by its first bytes, at most 2.5 MB, stored through the storage port, examined by staff. A
 * light account converts to a full customer in the same transaction.
 */
export async function registerByDocument(
  ctx: AppContext,
  customerId: number,
  input: { file: UploadedFile | undefined; studentData: unknown },
): Promise<
  Result<{ customerId: number }, DocumentCode | NotForBusiness | Limited | 'invalid', FailureData>
> {
  const customer = await repo.findCustomer(ctx.db, customerId)
  if (!customer) throw new Error(`customer ${customerId} of a logged-in session is missing`)
  if (customer.customerType === 'business') return err('campus_not_for_business')
  const data = parseStudentData(ctx, input.studentData, customer.isLight)
  if (!data.ok) return data
  const file = input.file
  if (!file || file.size === 0) return err('file_required')
  if (file.size > 2_500_000) return err('file_too_large')
  const type = detectFileType(file.buffer)
  if (!type) return err('file_type_invalid')
  const now = ctx.clock.now()
  const registered = await alreadyRegistered(ctx.db, customer, now)
  if (registered) return err('cannot_register_again', { errorData: registered })
  if (!(await withinLimit(ctx, `campus-document:${customerId}`, 10, 60 * 60))) {
    return err('rate_limited')
  }

  const student = data.value
  const key = newStorageKey('campus')
  await ctx.storage.put(key, file.buffer)
  const links = campusLinks(ctx.config.publicUrl)
  let result: Result<{ customerId: number }, DocumentCode, FailureData>
  try {
    result = await ctx.db.transaction(async (tx) => {
      let locked = await repo.lockCustomer(tx, customerId)
      if (!locked) throw new Error(`customer ${customerId} vanished`)
      if (locked.isLight) {
        const converted = await convertLightAccountIn(tx, ctx, customerId, {
          ...(student.address ?? {}),
          firstName: student.firstName,
          lastName: student.lastName,
        })
        if (!converted.ok) {
          return err('conversion_failed', { errorFields: converted.data?.errorFields ?? {} })
        }
        locked = await repo.lockCustomer(tx, customerId)
        if (!locked) throw new Error(`customer ${customerId} vanished`)
      }
      const open = await repo.findOpenApplications(tx, customerId, now)
      const change = statusOnApply(locked, open, now)
      await repo.withdrawOpen(tx, customerId, now, 'document')
      await repo.insertApplication(tx, {
        customerId,
        method: 'document',
        isRenewal: change.isRenewal,
        previousStatus: change.previousStatus,
        firstName: student.firstName,
        lastName: student.lastName,
        birthDate: student.birthDate,
        studentType: student.studentType,
        school: student.studentSchool,
        validFrom: student.studentValidFrom,
        validTo: student.studentValidTo,
        documentKey: key,
        documentType: type,
        documentSize: file.size,
        documentSha256: createHash('sha256').update(file.buffer).digest('hex'),
        documentName: displayName(file.originalname, type),
        createdAt: now,
        updatedAt: now,
      })
      if (change.becomesPending && locked.studentStatus !== 'pending') {
        await setStudentMembership(tx, customerId, { studentStatus: 'pending' }, now)
      }
      await sendDocumentReceivedMail(tx, locked, links.account)
      return ok({ customerId })
    })
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined)
    throw error
  }
  if (!result.ok) await ctx.storage.delete(key).catch(() => undefined)
  return result
}
