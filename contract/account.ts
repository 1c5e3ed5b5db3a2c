// Contract of the account slice: login levels, two-factor code, logout, registration (private,
// business, guest), password reset and the customer data (account-area sections 3, 4, 7, 8).
import { z } from 'zod'
import { c, ErrorSchema, errorBody, SoftLoginRequiredSchema, SuccessfulSchema } from './errors.ts'
import {
  BusinessFormSchema,
  BusinessTypeSchema,
  CityNameSchema,
  CompanyNameSchema,
  CUSTOMER_NAME_MAX,
  EmailSchema,
  isOwnerRequired,
  isValidVatId,
  isValidZip,
  isVatIdRequired,
  normalizeVatId,
  PasswordInputSchema,
  PasswordSchema,
  personName,
  StreetNameSchema,
  StreetNumberSchema,
  TwoFaCodeSchema,
  ZipCodeSchema,
} from './fields.ts'
import { HeaderProductSchema } from './header.ts'
import { m } from './messages.de.ts'

// --- Login ---------------------------------------------------------------------------------

/** Login compares, it does not judge: required and trimmed, no detailed e-mail reasons. */
export const LoginBodySchema = z.object({
  email: z
    .string({ required_error: m('required') })
    .trim()
    .min(1, m('required'))
    .max(80, m('max_length', { length: 80 })),
  password: PasswordInputSchema,
})
export type LoginBody = z.infer<typeof LoginBodySchema>

/** The login result of section 3; also the answer of the code step and of registration. */
export const LoginResultSchema = z.object({
  successful: z.boolean(),
  needs2FaAuthentication: z.boolean(),
  /** 0 for light accounts and while the code step is open. */
  customerId: z.number().int(),
  userId: z.number().int(),
  businessCustomer: z.boolean(),
  guestCustomer: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  notepadCount: z.number().int(),
  cartData: z.object({
    cartAmount: z.number().int(),
    products: z.array(HeaderProductSchema),
  }),
  /** Unix seconds when the full login ends; null while the code step is open. */
  fullLoginExpiryTimestamp: z.number().int().nullable(),
  tid: z.string().nullable(),
  trackingId: z.string().nullable(),
  trackingContactId: z.string().nullable(),
  testGroup: z.string().nullable(),
})
export type LoginResult = z.infer<typeof LoginResultSchema>

/** 403 of a blocked login: the countdown runs until loginBlockedUntil (Unix seconds). */
export const LoginBlockedSchema = z.object({
  code: z.literal('login_blocked'),
  message: z.string(),
  loginBlockedUntil: z.number().int(),
})
export type LoginBlocked = z.infer<typeof LoginBlockedSchema>

export const LoginFailedSchema = errorBody(z.enum(['login_failed'])).extend({
  successful: z.literal(false),
})

export const TwoFaBodySchema = z.object({ code: TwoFaCodeSchema })
export type TwoFaBody = z.infer<typeof TwoFaBodySchema>

// --- Registration --------------------------------------------------------------------------

function passwordsMatch(value: { password: string; passwordRepeat: string }, ctx: z.RefinementCtx) {
  if (value.passwordRepeat !== value.password) {
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: m('password_mismatch') })
  }
}

function nameFits(value: { firstName: string; lastName: string }, ctx: z.RefinementCtx) {
  if (value.firstName && value.lastName) {
    if (`${value.firstName} ${value.lastName}`.length > CUSTOMER_NAME_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastName'],
        message: m('full_name_too_long', { length: CUSTOMER_NAME_MAX }),
      })
    }
  }
}

const PasswordRepeatSchema = z.string({ required_error: m('required') }).min(1, m('required'))

const registerPrivateBase = z.object({
  email: EmailSchema,
  firstName: personName('private'),
  lastName: personName('private'),
  password: PasswordSchema,
  passwordRepeat: PasswordRepeatSchema,
})

/** Private registration (section 3: firstName, lastName, email, password, passwordRepeat). */
export const RegisterPrivateBodySchema = registerPrivateBase.superRefine((value, ctx) => {
  passwordsMatch(value, ctx)
  nameFits(value, ctx)
})
export type RegisterPrivateBody = z.infer<typeof RegisterPrivateBodySchema>

const OptionalVatIdSchema = z
  .string()
  .trim()
  .max(20, m('max_length', { length: 20 }))
  .optional()
  .default('')

/** The business billing address entered with the registration. */
const businessAddressFields = {
  streetName: StreetNameSchema,
  streetNumber: StreetNumberSchema,
  zipCode: ZipCodeSchema,
  cityName: CityNameSchema,
  countryId: z.coerce
    .number({ invalid_type_error: m('required') })
    .int()
    .positive(m('required')),
}

const registerBusinessBase = z.object({
  customerType: z.literal('business').default('business'),
  email: EmailSchema,
  // Contact names: required for partnerships and sole proprietors (forms 2 and 4), else optional.
  firstName: personName('business', { required: false }),
  lastName: personName('business', { required: false }),
  password: PasswordSchema,
  passwordRepeat: PasswordRepeatSchema,
  company: CompanyNameSchema,
  businessForm: BusinessFormSchema,
  businessType: BusinessTypeSchema,
  ownerFirstname: personName('owner', { required: false }).optional().default(''),
  ownerLastname: personName('owner', { required: false }).optional().default(''),
  ustId: OptionalVatIdSchema,
  ...businessAddressFields,
})

type BusinessShape = {
  firstName: string
  lastName: string
  businessForm: number
  ownerFirstname: string
  ownerLastname: string
  ustId: string
  zipCode: string
  countryId: number
}

/** Rules across fields: names by business form, zip by country, VAT id outside Germany. */
function businessRules(value: BusinessShape, ctx: z.RefinementCtx) {
  if (isOwnerRequired(value.businessForm)) {
    for (const key of ['firstName', 'lastName', 'ownerFirstname', 'ownerLastname'] as const) {
      if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: m('required') })
    }
  }
  nameFits(value, ctx)
  if (value.zipCode && !isValidZip(value.zipCode, value.countryId)) {
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: m('zip_invalid') })
  }
  if (isVatIdRequired(value.countryId)) {
    if (!value.ustId) ctx.addIssue({ code: 'custom', path: ['ustId'], message: m('required') })
    else if (normalizeVatId(value.ustId).length < 3) {
      ctx.addIssue({ code: 'custom', path: ['ustId'], message: m('vat_id_invalid') })
    }
  }
}

/** The country's VAT id format: the server answers it in errorFields.account_ustid. */
function vatFormat(value: BusinessShape, ctx: z.RefinementCtx) {
  if (value.ustId && !isValidVatId(value.ustId, value.countryId)) {
    ctx.addIssue({ code: 'custom', path: ['ustId'], message: m('vat_id_invalid') })
  }
}

/** Business registration (section 3 business fields). */
export const RegisterBusinessBodySchema = registerBusinessBase.superRefine((value, ctx) => {
  passwordsMatch(value, ctx)
  businessRules(value, ctx)
})
export type RegisterBusinessBody = z.input<typeof RegisterBusinessBodySchema>

/** The form checks the VAT id format at once; the server answers it as errorFields. */
export const RegisterBusinessFormSchema = registerBusinessBase.superRefine((value, ctx) => {
  passwordsMatch(value, ctx)
  businessRules(value, ctx)
  vatFormat(value, ctx)
})

/** Guest registration: a light account with its billing address, no password. */
export const RegisterGuestBodySchema = z
  .object({
    customerType: z.enum(['private', 'business']),
    email: EmailSchema,
    firstName: personName('business', { required: false }),
    lastName: personName('business', { required: false }),
    company: z
      .string()
      .trim()
      .max(50, m('max_length', { length: 50 }))
      .optional()
      .default(''),
    businessForm: z.coerce.number().int().min(0).max(4).optional().default(0),
    businessType: z.enum(['consumer', 'reseller', '0']).optional().default('0'),
    ownerFirstname: personName('owner', { required: false }).optional().default(''),
    ownerLastname: personName('owner', { required: false }).optional().default(''),
    ustId: OptionalVatIdSchema,
    ...businessAddressFields,
  })
  .superRefine((value, ctx) => {
    if (value.customerType === 'private') {
      for (const key of ['firstName', 'lastName'] as const) {
        if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: m('required') })
      }
      // A private name with a legal-form word belongs to a business registration.
      for (const key of ['firstName', 'lastName'] as const) {
        const result = personName('private', { required: false }).safeParse(value[key])
        const issue = result.success ? undefined : result.error.issues[0]
        if (issue) ctx.addIssue({ code: 'custom', path: [key], message: issue.message })
      }
      nameFits(value, ctx)
      if (value.zipCode && !isValidZip(value.zipCode, value.countryId)) {
        ctx.addIssue({ code: 'custom', path: ['zipCode'], message: m('zip_invalid') })
      }
      return
    }
    if (value.company.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['company'], message: m('min_length', { length: 2 }) })
    }
    if (value.businessForm < 1) {
      ctx.addIssue({ code: 'custom', path: ['businessForm'], message: m('business_form_required') })
    }
    if (value.businessType === '0') {
      ctx.addIssue({ code: 'custom', path: ['businessType'], message: m('business_type_required') })
    }
    businessRules(value, ctx)
  })
export type RegisterGuestBody = z.input<typeof RegisterGuestBodySchema>

/** Field codes of a refused registration: account_ustid for the VAT id, like the spec. */
export const ErrorFieldsSchema = z.record(z.string(), z.string())

export const RegistrationErrorSchema = errorBody(
  z.enum(['registration_failed', 'password_not_secure', 'vat_id_invalid', 'invalid']),
).extend({
  data: z.object({ registered: z.literal(false) }),
  errorFields: ErrorFieldsSchema,
})
export type RegistrationError = z.infer<typeof RegistrationErrorSchema>

export const RegistrationResultSchema = LoginResultSchema.extend({
  data: z.object({ registered: z.literal(true) }),
  errorFields: ErrorFieldsSchema,
})

// --- Password reset ------------------------------------------------------------------------

export const PasswordResetRequestSchema = z.object({ email: EmailSchema })

export const PasswordResetBodySchema = z
  .object({
    token: z.string().trim().min(1, m('required')).max(200, m('invalid')),
    password: PasswordSchema,
    passwordRepeat: PasswordRepeatSchema,
  })
  .superRefine(passwordsMatch)
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>

// --- Customer data -------------------------------------------------------------------------

/** Customer data of section 3. customerId is 0 for light accounts (they have no number). */
export const CustomerDataSchema = z.object({
  id: z.number().int(),
  lightAccountId: z.number().int(),
  customerId: z.number().int(),
  customerNumber: z.string().nullable(),
  customerType: z.enum(['private', 'business']),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  studentStatus: z.enum([
    'unknown',
    'pending',
    'valid',
    'valid_near_expire',
    'expired',
    'deactivated',
  ]),
  studentExpiration: z.string().nullable(),
  businessFormId: z.number().int(),
  businessForm: z.string().nullable(),
  businessType: z.enum(['consumer', 'reseller']).nullable(),
  companyName: z.string().nullable(),
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  ownerRequired: z.boolean(),
  vatId: z.string().nullable(),
  vatRequired: z.boolean(),
  isLightAccount: z.boolean(),
  isLoggedIn: z.boolean(),
  isLoggedInSoft: z.boolean(),
})
export type CustomerData = z.infer<typeof CustomerDataSchema>

const LOGIN = 'account-area §3, §4 login levels, §8'

export const accountContract = c.router({
  login: {
    method: 'POST',
    path: '/auth/login',
    body: LoginBodySchema,
    responses: {
      200: LoginResultSchema,
      403: z.union([LoginBlockedSchema, ErrorSchema]),
      422: LoginFailedSchema,
    },
    summary: `Login with e-mail and password; needs2FaAuthentication when the browser is new (${LOGIN})`,
  },
  submitTwoFaCode: {
    method: 'POST',
    path: '/api/auth/submit-two-fa-code',
    body: TwoFaBodySchema,
    responses: { 200: LoginResultSchema, 422: errorBody(z.enum(['two_fa_code_invalid'])) },
    summary: 'Submit the e-mailed 6-digit code; completes the login (account-area §2, §8)',
  },
  resendTwoFaCode: {
    method: 'POST',
    path: '/api/auth/resend-two-fa-code',
    body: c.noBody(),
    responses: {
      200: SuccessfulSchema.extend({ message: z.string() }),
      422: errorBody(z.enum(['two_fa_resend_failed'])),
    },
    summary: 'Send a new code for the open login (account-area §8)',
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    body: c.noBody(),
    responses: { 200: SuccessfulSchema },
    summary: 'Logout: destroys the session (account-area §4)',
  },
  logoutAndTransfer: {
    method: 'POST',
    path: '/auth/logout-and-transfer',
    body: c.noBody(),
    responses: { 200: SuccessfulSchema },
    summary: 'Logout, keeping the cart in a new guest session (account-area §7)',
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    body: RegisterPrivateBodySchema,
    responses: { 200: RegistrationResultSchema, 422: RegistrationErrorSchema },
    summary: 'Register a private customer; success logs in (account-area §2, §3, §4)',
  },
  registerBusiness: {
    method: 'POST',
    path: '/auth/registration',
    body: RegisterBusinessBodySchema,
    responses: { 200: RegistrationResultSchema, 422: RegistrationErrorSchema },
    summary: 'Register a business customer with billing address (errorFields: account_ustid)',
  },
  registerGuest: {
    method: 'POST',
    path: '/api/account/registerguest',
    body: RegisterGuestBodySchema,
    responses: { 200: RegistrationResultSchema, 422: RegistrationErrorSchema },
    summary: 'Register a guest as light account with billing address, no password (§1, §7)',
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/auth/reset',
    body: PasswordResetRequestSchema,
    responses: { 200: SuccessfulSchema.extend({ message: z.string() }) },
    summary: 'Request a reset mail; the same notice whether the address is registered or not',
  },
  processPasswordForgotten: {
    method: 'POST',
    path: '/process-password-forgotten',
    body: PasswordResetBodySchema,
    responses: {
      200: SuccessfulSchema.extend({ message: z.string() }),
      422: errorBody(z.enum(['reset_link_invalid', 'password_not_secure'])),
    },
    summary: 'Set a new password from the single-use reset link (account-area §4, §7)',
  },
  getCustomer: {
    method: 'POST',
    path: '/account/customer/get',
    body: c.noBody(),
    responses: { 200: CustomerDataSchema, 401: SoftLoginRequiredSchema },
    summary: 'Customer data of the full login (account-area §3); 401 for guests and soft logins',
  },
})
