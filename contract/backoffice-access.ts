// Contract of the back office's access (composed as `contract.backofficeAccess`; paths stay under
// /api/staff): staff login, session, audit log (issue 11's foundation) and the Campus review queue
// of issue 9. Every route declares who may call it in its metadata
// (`staffOnly(...roles)` or `STAFF_PUBLIC`); the server's guard enforces exactly that before
// anything else runs, and the access tests read the same declaration for every route.
import { z } from 'zod'
import { CampusStatusSchema } from './campus.ts'
import { c, errorBody } from './errors.ts'
import { calendarDay, TwoFaCodeSchema, textId, textInt } from './fields.ts'
import { m } from './messages.de.ts'

// --- Roles and access ------------------------------------------------------------------------

/** The roles the code knows. A staff account with any other role may call no guarded route. */
export const STAFF_ROLES = ['service', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  service: 'Kundenservice',
  admin: 'Administration',
}

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role)
}

/** Who may call a staff route: the listed roles, or anybody ('public': the login steps). */
export type StaffAccess = 'public' | readonly StaffRole[]
export type StaffRouteMetadata = { staffAccess: StaffAccess }

/** Metadata of a route only the given roles may call. */
export function staffOnly(...roles: [StaffRole, ...StaffRole[]]): StaffRouteMetadata {
  return { staffAccess: roles }
}
/** Metadata of the login steps: reachable without a staff session. */
export const STAFF_PUBLIC: StaffRouteMetadata = { staffAccess: 'public' }
/** Every known role. */
export const ANY_STAFF = staffOnly(...STAFF_ROLES)

/** A route's declared access; undefined when it declares none (the guard then refuses). */
export function staffAccessOf(route: { metadata?: unknown }): StaffAccess | undefined {
  const metadata = route.metadata as Partial<StaffRouteMetadata> | undefined
  const access = metadata?.staffAccess
  if (access === 'public') return access
  if (Array.isArray(access) && access.every((role) => isStaffRole(role))) return access
  return undefined
}

export const STAFF_API_PREFIX = '/api/staff/'
export const STAFF_SESSION_COOKIE = 'staff_sid'

const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const NotFound = errorBody(z.enum(['not_found']))
const PageQuery = z.object({ page: textInt(1, 1000).default(1) })
export const STAFF_PAGE_SIZE = 25

// --- Login (password, then the e-mailed code) ---------------------------------------------------

export const StaffLoginBodySchema = z.object({
  email: z.string().trim().min(1, m('required')).max(120),
  password: z.string().min(1, m('required')).max(200),
})
export type StaffLoginBody = z.infer<typeof StaffLoginBodySchema>

export const StaffCodeBodySchema = z.object({ code: TwoFaCodeSchema })

export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  roleLabel: z.string(),
})
export type StaffMe = z.infer<typeof StaffMeSchema>

// --- Campus review (issue 9) -------------------------------------------------------------------

export const CampusApplicationStatusSchema = z.enum([
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
])

export const StaffCampusApplicationSchema = z.object({
  id: z.number().int(),
  submittedAt: z.string(),
  status: CampusApplicationStatusSchema,
  isRenewal: z.boolean(),
  customerId: z.number().int(),
  customerNumber: z.string().nullable(),
  /** Names as written in the application (they must match the document). */
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  studentType: z.number().int(),
  school: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
})
export type StaffCampusApplication = z.infer<typeof StaffCampusApplicationSchema>

export const StaffCampusApplicationDetailSchema = StaffCampusApplicationSchema.extend({
  birthDate: z.string().nullable(),
  account: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    customerNumber: z.string().nullable(),
    isLight: z.boolean(),
    studentStatus: CampusStatusSchema,
    studentExpiration: z.string().nullable(),
  }),
  document: z
    .object({
      type: z.string(),
      size: z.number().int(),
      name: z.string(),
      url: z.string(),
    })
    .nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  grantedUntil: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The customer's other applications, newest first. */
  history: z.array(
    z.object({
      id: z.number().int(),
      method: z.enum(['email', 'document']),
      status: CampusApplicationStatusSchema,
      submittedAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
})
export type StaffCampusApplicationDetail = z.infer<typeof StaffCampusApplicationDetailSchema>

export const CampusApproveBodySchema = z.object({
  validUntil: calendarDay(),
})
export const CAMPUS_REJECTION_REASON_MIN = 5
export const CampusRejectBodySchema = z.object({
  reason: z
    .string({ required_error: m('required') })
    .trim()
    .min(CAMPUS_REJECTION_REASON_MIN, m('min_length', { length: CAMPUS_REJECTION_REASON_MIN }))
    .max(500, m('max_length', { length: 500 })),
})

/** Reasons staff pick most often; the field stays free text. */
export const CAMPUS_REJECTION_REASONS = [
  'Der Nachweis ist nicht lesbar.',
  'Der Nachweis ist abgelaufen oder zeigt keinen gültigen Zeitraum.',
  'Name auf dem Nachweis und im Antrag stimmen nicht überein.',
  'Die Einrichtung liegt nicht in Deutschland oder Österreich.',
]

// --- Audit log ---------------------------------------------------------------------------------

export const StaffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffEmail: z.string(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
})
export type StaffAuditEntry = z.infer<typeof StaffAuditEntrySchema>

const ISSUE = 'issue 11 back office; Campus review of issue 9'

export const backofficeAccessContract = c.router({
  login: {
    method: 'POST',
    path: '/api/staff/auth/login',
    body: StaffLoginBodySchema,
    responses: {
      200: z.object({ successful: z.literal(true), needsCode: z.literal(true) }),
      422: errorBody(z.enum(['staff_login_failed'])),
    },
    metadata: STAFF_PUBLIC,
    summary: `Staff login, step 1: password; mails a 6-digit code and sets staff_sid (${ISSUE})`,
  },
  submitCode: {
    method: 'POST',
    path: '/api/staff/auth/code',
    body: StaffCodeBodySchema,
    responses: {
      200: StaffMeSchema,
      401: Unauthorized,
      422: errorBody(z.enum(['staff_code_invalid', 'staff_code_expired'])),
    },
    metadata: STAFF_PUBLIC,
    summary: `Staff login, step 2: the e-mailed code; the session becomes verified under a new id (${ISSUE})`,
  },
  resendCode: {
    method: 'POST',
    path: '/api/staff/auth/resend-code',
    body: c.noBody(),
    responses: {
      200: z.object({ successful: z.literal(true), message: z.string() }),
      401: Unauthorized,
      422: errorBody(z.enum(['staff_code_resend_failed'])),
    },
    metadata: STAFF_PUBLIC,
    summary: `A new code for the open staff login (${ISSUE})`,
  },
  logout: {
    method: 'POST',
    path: '/api/staff/auth/logout',
    body: c.noBody(),
    responses: { 200: z.object({ successful: z.literal(true) }) },
    metadata: STAFF_PUBLIC,
    summary: `Ends the staff session (${ISSUE})`,
  },
  me: {
    method: 'GET',
    path: '/api/staff/me',
    responses: { 200: StaffMeSchema, 401: Unauthorized },
    metadata: ANY_STAFF,
    summary: `The logged-in member of staff (${ISSUE})`,
  },
  dashboard: {
    method: 'GET',
    path: '/api/staff/dashboard',
    responses: {
      200: z.object({
        openCampusApplications: z.number().int(),
        oldestOpenCampusApplicationAt: z.string().nullable(),
      }),
      401: Unauthorized,
    },
    metadata: ANY_STAFF,
    summary: `Start page figures: the open Campus review queue (${ISSUE})`,
  },
  listCampusApplications: {
    method: 'GET',
    path: '/api/staff/campus/applications',
    query: PageQuery.extend({
      status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
    }),
    responses: {
      200: z.object({
        applications: z.array(StaffCampusApplicationSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      401: Unauthorized,
    },
    metadata: staffOnly('service', 'admin'),
    summary: `Campus document applications, oldest pending first (${ISSUE})`,
  },
  getCampusApplication: {
    method: 'GET',
    path: '/api/staff/campus/applications/:id',
    pathParams: z.object({ id: textId() }),
    responses: { 200: StaffCampusApplicationDetailSchema, 401: Unauthorized, 404: NotFound },
    metadata: staffOnly('service', 'admin'),
    summary: `One Campus application with the account and the customer's other applications (${ISSUE})`,
  },
  getCampusDocument: {
    method: 'GET',
    path: '/api/staff/campus/applications/:id/document',
    pathParams: z.object({ id: textId() }),
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: c.type<Uint8Array>() }),
      401: Unauthorized,
      404: errorBody(z.enum(['not_found', 'campus_document_missing'])),
    },
    metadata: staffOnly('service', 'admin'),
    summary: `The uploaded document, to staff only (its real type; every view is audited) (${ISSUE})`,
  },
  approveCampusApplication: {
    method: 'POST',
    path: '/api/staff/campus/applications/:id/approve',
    pathParams: z.object({ id: textId() }),
    body: CampusApproveBodySchema,
    responses: {
      200: StaffCampusApplicationDetailSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['campus_application_not_pending'])),
      422: errorBody(z.enum(['campus_valid_until_invalid'])),
    },
    metadata: staffOnly('service', 'admin'),
    summary: `Approves a document: the membership is valid until the given day; the customer is mailed (${ISSUE})`,
  },
  rejectCampusApplication: {
    method: 'POST',
    path: '/api/staff/campus/applications/:id/reject',
    pathParams: z.object({ id: textId() }),
    body: CampusRejectBodySchema,
    responses: {
      200: StaffCampusApplicationDetailSchema,
      401: Unauthorized,
      404: NotFound,
      409: errorBody(z.enum(['campus_application_not_pending'])),
    },
    metadata: staffOnly('service', 'admin'),
    summary: `Rejects a document with a reason; the customer is mailed (${ISSUE})`,
  },
  listAuditLog: {
    method: 'GET',
    path: '/api/staff/audit-log',
    query: PageQuery.extend({ action: z.string().max(60).optional() }),
    responses: {
      200: z.object({
        entries: z.array(StaffAuditEntrySchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      401: Unauthorized,
    },
    metadata: staffOnly('admin'),
    summary: `The audit log, newest first (admins only) (${ISSUE})`,
  },
})
