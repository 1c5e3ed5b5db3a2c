// Contract of the Campus slice (account-area §2 Campus screens, §3 Campus data, §4 Campus
// status, §5 Campus upload and e-mail form, §8 Campus codes, §9 constants): registration by
// university e-mail or by document upload, the status, the university list, and the link that
// confirms a university address. The rules that decide membership live here as pure functions,
// so the server (catalog prices, name change, billing lock) and the pages decide alike.
import { z } from 'zod'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import {
  CityNameSchema,
  emailProblem,
  isCalendarDay,
  isValidZip,
  PRIMARY_COUNTRY_ID,
  personName,
  StreetNameSchema,
  StreetNumberSchema,
  text,
  textId,
  textInt,
  ZipCodeSchema,
} from './fields.ts'
import { m } from './messages.de.ts'

// --- Statuses and membership (account-area §4) -----------------------------------------------

export const CAMPUS_STATUSES = [
  'unknown',
  'pending',
  'valid',
  'valid_near_expire',
  'expired',
  'deactivated',
] as const
export const CampusStatusSchema = z.enum(CAMPUS_STATUSES)
export type CampusStatus = z.infer<typeof CampusStatusSchema>

/** Pending, valid and valid-near-expiry count as Campus members (account-area §4). */
export const CAMPUS_MEMBER_STATUSES: readonly CampusStatus[] = [
  'pending',
  'valid',
  'valid_near_expire',
]

export function isCampusMemberStatus(status: CampusStatus | null | undefined): boolean {
  return status !== null && status !== undefined && CAMPUS_MEMBER_STATUSES.includes(status)
}

/** Renewal is possible from 14 days before the end (account-area §4, §9). */
export const RENEWAL_WINDOW_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The status as the shop shows and applies it. Stored are unknown, pending, valid, expired and
 * deactivated; "valid near expiry" is derived from the end date (14 days), and a valid
 * membership whose end has passed is expired at once, even before the expiry job has run.
 */
export function campusStatusAt(
  stored: CampusStatus,
  expiration: Date | null,
  now: Date,
): CampusStatus {
  if (stored !== 'valid' && stored !== 'valid_near_expire') return stored
  if (!expiration) return 'valid'
  if (expiration.getTime() <= now.getTime()) return 'expired'
  if (expiration.getTime() - now.getTime() <= RENEWAL_WINDOW_DAYS * DAY_MS) {
    return 'valid_near_expire'
  }
  return 'valid'
}

/** From when a membership ending at `expiration` may be renewed. */
export function renewalDateOf(expiration: Date): Date {
  return new Date(expiration.getTime() - RENEWAL_WINDOW_DAYS * DAY_MS)
}

// --- Dates (calendar days in Germany) ------------------------------------------------------

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day in Germany, as YYYY-MM-DD. */
export function berlinDate(at: Date): string {
  return berlinDay.format(at)
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return isCalendarDay(value)
}

/** Whole years between a birth date and a day (both YYYY-MM-DD). */
export function yearsBetween(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number]
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number]
  return y - by - (mo < bm || (mo === bm && d < bd) ? 1 : 0)
}

// --- Constants (account-area §5, §9) ---------------------------------------------------------

/** 2.5 MB, counted as 25e5 bytes (account-area §9). */
export const CAMPUS_FILE_MAX_BYTES = 2_500_000
/** The whole multipart request of the upload: the file, the studentData JSON and the framing. */
export const CAMPUS_UPLOAD_MAX_BYTES = CAMPUS_FILE_MAX_BYTES + 64 * 1024
export const CAMPUS_MIN_AGE = 16
export const SCHOOL_MIN_LENGTH = 3
/** What the file input offers; the server decides by the file's first bytes. */
export const CAMPUS_FILE_ACCEPT =
  '.jpg,.jpeg,.gif,.png,.pdf,image/jpeg,image/gif,image/png,application/pdf'
export const CAMPUS_FILE_TYPES = [
  'image/jpeg',
  'image/gif',
  'image/png',
  'application/pdf',
] as const
export type CampusFileType = (typeof CAMPUS_FILE_TYPES)[number]

/** Student types 1-4 with the labels of their institution and period (account-area §3, §5). */
export const STUDENT_TYPES = [
  {
    id: 1,
    label: 'Student/in',
    school: 'Hochschule / Universität',
    validFrom: 'Semesterbeginn',
    validTo: 'Semesterende',
  },
  {
    id: 2,
    label: 'Schüler/in',
    school: 'Schule',
    validFrom: 'Beginn des Schuljahres',
    validTo: 'Ende des Schuljahres',
  },
  {
    id: 3,
    label: 'Auszubildende/r',
    school: 'Berufsschule',
    validFrom: 'Beginn des Ausbildungsjahres',
    validTo: 'Ende des Ausbildungsjahres',
  },
  {
    id: 4,
    label: 'Lehrkraft',
    school: 'Bildungseinrichtung / Ausbildungsstätte',
    validFrom: 'Beginn des Schuljahres',
    validTo: 'Ende des Schuljahres',
  },
] as const
export type StudentTypeId = (typeof STUDENT_TYPES)[number]['id']

export function studentTypeOf(id: number) {
  return STUDENT_TYPES.find((type) => type.id === id) ?? STUDENT_TYPES[0]
}

// --- Document registration: studentData (account-area §3 Student form, §5 Campus upload) ------

const dateField = z
  .string({ required_error: m('required'), invalid_type_error: m('date_invalid') })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: m('required') })
    else if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: m('date_invalid') })
  })

/** The invoice address a light account converts with (names come from the form's names). */
export const CampusAddressSchema = z
  .object({
    streetName: StreetNameSchema,
    streetNumber: StreetNumberSchema,
    zipCode: ZipCodeSchema,
    cityName: CityNameSchema,
    // studentData travels as text in the multipart body and is the form's schema: a select's
    // digits are fine here (issue 16 decision), bounded like every id.
    countryId: textId(m('required')).default(PRIMARY_COUNTRY_ID),
  })
  .superRefine((value, ctx) => {
    if (value.zipCode && !isValidZip(value.zipCode, value.countryId)) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: m('zip_invalid') })
    }
  })
export type CampusAddress = z.infer<typeof CampusAddressSchema>

/**
 * The studentData JSON of the upload. `today` (YYYY-MM-DD in Germany) decides "in the future"
 * and the age: the server passes its clock's day, the form the browser's.
 */
export function studentDataSchema(today: string) {
  return z
    .object({
      firstName: personName('private'),
      lastName: personName('private'),
      birthDate: dateField,
      studentType: textInt(1, 4, m('required')),
      studentSchool: text(SCHOOL_MIN_LENGTH, 100),
      studentValidFrom: dateField,
      studentValidTo: dateField,
      studentAgb: z.literal(true, {
        errorMap: () => ({ message: m('terms_not_accepted') }),
      }),
      /** Light accounts only: the invoice address of the conversion to a full customer. */
      address: CampusAddressSchema.optional(),
    })
    .superRefine((value, ctx) => {
      if (isIsoDate(value.birthDate)) {
        if (value.birthDate > today) {
          ctx.addIssue({ code: 'custom', path: ['birthDate'], message: m('date_invalid') })
        } else if (yearsBetween(value.birthDate, today) < CAMPUS_MIN_AGE) {
          ctx.addIssue({ code: 'custom', path: ['birthDate'], message: m('min_age_16') })
        } else if (yearsBetween(value.birthDate, today) > 100) {
          ctx.addIssue({ code: 'custom', path: ['birthDate'], message: m('date_invalid') })
        }
      }
      if (!isIsoDate(value.studentValidTo)) return
      if (isIsoDate(value.studentValidFrom) && value.studentValidTo <= value.studentValidFrom) {
        ctx.addIssue({
          code: 'custom',
          path: ['studentValidTo'],
          message: m('campus_valid_to_before_from'),
        })
      } else if (value.studentValidTo <= today) {
        ctx.addIssue({
          code: 'custom',
          path: ['studentValidTo'],
          message: m('campus_valid_to_past'),
        })
      }
    })
}
export type StudentData = z.infer<ReturnType<typeof studentDataSchema>>
export type StudentDataInput = z.input<ReturnType<typeof studentDataSchema>>

/** Multipart body of the upload: the file and the studentData JSON. */
export type CampusDocumentBody = { file: File; studentData: StudentDataInput | string }

// --- E-mail registration (account-area §5 Campus e-mail form) ---------------------------------

/** The e-mail form: university from the list, a valid address, the terms (§5 messages). */
export const CampusEmailFormSchema = z.object({
  university_id: textId(m('university_required')),
  email: z
    .string({ required_error: m('invalid_email'), invalid_type_error: m('invalid_email') })
    .trim()
    .toLowerCase()
    .refine((value) => emailProblem(value) === undefined, m('invalid_email')),
  terms: z.literal(true, { errorMap: () => ({ message: m('terms_not_accepted') }) }),
})
export type CampusEmailForm = z.infer<typeof CampusEmailFormSchema>

/** Multipart body of the e-mail registration. */
export type CampusEmailBody = {
  university_id: number | string
  email: string
  terms: boolean | string
}

/** Whether an address belongs to one of the domains: the domain itself or a subdomain of it. */
export function emailMatchesDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@')
  if (at < 0) return false
  const host = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '')
  return domains.some((domain) => {
    const d = domain.toLowerCase()
    return host === d || host.endsWith(`.${d}`)
  })
}

// --- Answers ---------------------------------------------------------------------------------

export const UniversitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.enum(['DE', 'AT']),
  domains: z.array(z.string()),
})
export type University = z.infer<typeof UniversitySchema>

export const CampusVerificationTypeSchema = z.enum(['manual', 'email'])

/** Campus data of account-area §3, with what the status pages need to choose their content. */
export const CampusStatusResponseSchema = z.object({
  campusProgramSubscriptionStatus: CampusStatusSchema,
  /** End of the membership (ISO time), null without one. */
  campusProgramSubscriptionValidToDateTime: z.string().nullable(),
  /** How the running (or last) membership was verified: manual = document, email = address. */
  campusProgramVerificationType: CampusVerificationTypeSchema.nullable(),
  automatedVerificationEnabled: z.boolean(),
  isMember: z.boolean(),
  /** The confirmed university address of the membership, if it came by e-mail. */
  universityEmail: z.string().nullable(),
  universityId: z.number().int().nullable(),
  /** From this day (YYYY-MM-DD) a renewal is possible. */
  possibleRenewalDate: z.string().nullable(),
  /** An application waiting for the confirmation link or the document check. */
  openApplication: z
    .object({
      method: z.enum(['email', 'document']),
      universityEmail: z.string().nullable(),
      submittedAt: z.string(),
      isRenewal: z.boolean(),
    })
    .nullable(),
  /** Why the last document was refused (deactivated after a rejection). */
  rejectionReason: z.string().nullable(),
})
export type CampusStatusResponse = z.infer<typeof CampusStatusResponseSchema>

/** The spec's answer shape: successful, error, errorMsg, errorData (plus our code/message). */
function campusFailure<E extends z.ZodType<Parameters<typeof m>[0]>>(codes: E) {
  return errorBody(codes).extend({
    successful: z.literal(false),
    error: z.string(),
    errorMsg: z.string(),
    errorData: z
      .object({ possibleRenewalDate: z.string(), universityEmail: z.string() })
      .optional(),
    /** Field codes (studentData fields, the light account's address). */
    errorFields: z.record(z.string(), z.string()).optional(),
  })
}

export const CAMPUS_EMAIL_CODES = [
  'terms_not_accepted',
  'invalid_email',
  'university_required',
  'email_used_by_someone_else',
  'cannot_register_again',
  'email_does_not_belong_to_university',
  'campus_internal_error',
] as const

export const CAMPUS_DOCUMENT_CODES = [
  'file_required',
  'file_too_large',
  'file_type_invalid',
  'cannot_register_again',
  'conversion_failed',
  'campus_internal_error',
] as const

const CampusSuccessSchema = z.object({ successful: z.literal(true), message: z.string() })

const SPEC = 'account-area §2 Campus, §3 Campus data, §4, §5, §8, §9'

export const campusContract = c.router({
  registerByDocument: {
    method: 'POST',
    path: '/account/campus-program-registration',
    contentType: 'multipart/form-data',
    body: c.type<CampusDocumentBody | FormData>(),
    responses: {
      200: CampusSuccessSchema.extend({ customerId: z.number().int() }),
      401: SoftLoginRequiredSchema,
      422: campusFailure(z.enum(CAMPUS_DOCUMENT_CODES)),
    },
    summary: `Campus registration with a document (multipart: file + studentData JSON); light accounts convert in the same transaction (${SPEC})`,
  },
  registerByEmail: {
    method: 'POST',
    path: '/account/campus-program-email-based-registration',
    contentType: 'multipart/form-data',
    body: c.type<CampusEmailBody | FormData>(),
    responses: {
      200: CampusSuccessSchema,
      401: SoftLoginRequiredSchema,
      422: campusFailure(z.enum(CAMPUS_EMAIL_CODES)),
    },
    summary: `Campus registration by university e-mail (multipart: university_id, email, terms); mails a confirmation link (${SPEC})`,
  },
  getStatus: {
    method: 'GET',
    path: '/account/campus-program-status',
    responses: { 200: CampusStatusResponseSchema, 401: SoftLoginRequiredSchema },
    summary: `Campus status of the logged-in customer (${SPEC})`,
  },
  getUniversities: {
    method: 'GET',
    path: '/account/campus-universities',
    responses: { 200: z.array(UniversitySchema), 401: SoftLoginRequiredSchema },
    summary: `German and Austrian universities of the e-mail registration (${SPEC})`,
  },
  confirmEmail: {
    method: 'POST',
    path: '/api/campus/confirm-email',
    body: z.object({ token: z.string().trim().min(1).max(200) }),
    responses: {
      200: z.object({ successful: z.literal(true), validUntil: z.string() }),
      422: errorBody(z.enum(['campus_link_invalid', 'email_used_by_someone_else'])),
    },
    summary:
      'Confirms a university address with the token of the mailed link; the membership becomes valid (account-area §4)',
  },
})
