// Contract of the account slice: login levels, two-factor code, logout, registration (private,
// business, guest), password reset and the customer data (account-area sections 3, 4, 7, 8).
import { z } from 'zod'
import { CampusStatusSchema, isCampusMemberStatus } from './campus.ts'
import { c, ErrorSchema, errorBody, SoftLoginRequiredSchema, SuccessfulSchema } from './errors.ts'
import {
  BusinessFormFieldSchema,
  BusinessFormSchema,
  BusinessTypeSchema,
  CityNameSchema,
  CompanyNameSchema,
  CUSTOMER_NAME_MAX,
  EmailSchema,
  id,
  int,
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
  textId,
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

/**
 * The body of /auth/login: a soft login's re-login sends the password alone, the server knows
 * the e-mail from the session (account-area §4 login levels).
 */
export const LoginRequestBodySchema = LoginBodySchema.extend({
  email: LoginBodySchema.shape.email.optional(),
})

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

/** Longest VAT id (normalized) any country issues; longer ones are malformed (§8: account_ustid). */
export const VAT_ID_MAX = 20

/**
 * The body only bounds the length against hostile input: a malformed VAT id (too short, too long,
 * wrong format for the country) is answered on errorFields.account_ustid by the server (§8).
 */
const OptionalVatIdSchema = z
  .string()
  .trim()
  .max(64, m('max_length', { length: VAT_ID_MAX }))
  .optional()
  .default('')

/** A VAT id in the format of its country and not longer than any country issues. */
export function isWellFormedVatId(vatId: string, countryId: number): boolean {
  return normalizeVatId(vatId).length <= VAT_ID_MAX && isValidVatId(vatId, countryId)
}

/** The business billing address entered with the registration. */
const businessAddressFields = {
  streetName: StreetNameSchema,
  streetNumber: StreetNumberSchema,
  zipCode: ZipCodeSchema,
  cityName: CityNameSchema,
  countryId: id(m('required')),
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
  if (isVatIdRequired(value.countryId) && !value.ustId) {
    ctx.addIssue({ code: 'custom', path: ['ustId'], message: m('required') })
  }
}

/** The country's VAT id format: the server answers it in errorFields.account_ustid. */
function vatFormat(value: BusinessShape, ctx: z.RefinementCtx) {
  if (value.ustId && !isWellFormedVatId(value.ustId, value.countryId)) {
    ctx.addIssue({ code: 'custom', path: ['ustId'], message: m('vat_id_invalid') })
  }
}

/** Business registration (section 3 business fields). */
export const RegisterBusinessBodySchema = registerBusinessBase.superRefine((value, ctx) => {
  passwordsMatch(value, ctx)
  businessRules(value, ctx)
})
export type RegisterBusinessBody = z.input<typeof RegisterBusinessBodySchema>

/**
 * The form checks the VAT id format at once; the server answers it as errorFields. Its selects
 * give digits, which the JSON body would refuse.
 */
export const RegisterBusinessFormSchema = registerBusinessBase
  .extend({ businessForm: BusinessFormFieldSchema, countryId: textId(m('required')) })
  .superRefine((value, ctx) => {
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
    businessForm: int(0, 4).optional().default(0),
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
  /** The Campus status as it applies now (valid near expiry derived from the end date). */
  studentStatus: CampusStatusSchema,
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
  /** false for accounts without a password yet (light accounts, freshly converted ones). */
  hasPassword: z.boolean(),
  isLoggedIn: z.boolean(),
  isLoggedInSoft: z.boolean(),
})
export type CustomerData = z.infer<typeof CustomerDataSchema>

// --- Customer data changes (account-area §2 modals, §3 payloads, §4, §8) ---------------------

/** Whether the status counts as an active Campus member (the Campus slice's rule, §4). */
export function isCampusActive(status: CustomerData['studentStatus']): boolean {
  return isCampusMemberStatus(status)
}

/**
 * The business form that may rename its company itself: a sole proprietor's trade name
 * (Einzelunternehmen). Every other company changes its name through customer service.
 */
export const SELF_RENAMING_BUSINESS_FORM = 4

/** A field the server checks for presence itself: empty answers missing_parameters (§8). */
const submitted = (max = 200) =>
  z
    .string({ invalid_type_error: m('invalid') })
    .max(max, m('max_length', { length: max }))
    .optional()
    .default('')

/**
 * Password change {currentPassword, newPassword, confirmationPassword}. Empty fields are answered
 * `missing_parameters` (422); given fields follow the password rules and must match.
 */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: submitted(),
    newPassword: submitted(),
    confirmationPassword: submitted(),
  })
  .superRefine((value, ctx) => {
    if (!value.currentPassword || !value.newPassword || !value.confirmationPassword) return
    const rules = PasswordSchema.safeParse(value.newPassword)
    if (!rules.success) {
      for (const problem of rules.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem.message })
      }
    }
    if (value.confirmationPassword !== value.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmationPassword'],
        message: m('password_mismatch'),
      })
    }
  })
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>

/** The password modal's form: every field required, the rules of the new password at once. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: PasswordInputSchema,
    newPassword: PasswordSchema,
    confirmationPassword: PasswordRepeatSchema,
  })
  .superRefine((value, ctx) => {
    if (value.confirmationPassword !== value.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmationPassword'],
        message: m('password_mismatch'),
      })
    }
  })

/**
 * Name change {firstName, lastName, confirmationPassword}. The wire checks the business rules
 * (no legal-form words, no hint); the form of a private customer adds the hint to register as a
 * business (`changeNamesFormSchema('private')`).
 */
export function changeNamesFormSchema(context: 'private' | 'business') {
  return z
    .object({
      firstName: personName(context),
      lastName: personName(context),
      confirmationPassword: PasswordInputSchema,
    })
    .superRefine(nameFits)
}
export const ChangeNamesBodySchema = z
  .object({
    firstName: personName('business'),
    lastName: personName('business'),
    confirmationPassword: submitted(),
  })
  .superRefine(nameFits)
export type ChangeNamesBody = z.input<typeof ChangeNamesBodySchema>

/** E-mail change {email, confirmationPassword}; the format is judged by the server (§8). */
export const ChangeEmailBodySchema = z.object({
  email: submitted(200),
  confirmationPassword: submitted(),
})
export type ChangeEmailBody = z.input<typeof ChangeEmailBodySchema>

export const ChangeEmailFormSchema = z.object({
  email: EmailSchema,
  confirmationPassword: PasswordInputSchema,
})

/** Owner names of partnerships and sole proprietors (forms 2 and 4); never with GmbH. */
export const ChangeOwnerNamesBodySchema = z.object({
  ownerFirstName: personName('owner'),
  ownerLastName: personName('owner'),
})
export type ChangeOwnerNamesBody = z.input<typeof ChangeOwnerNamesBodySchema>

export const ChangeCompanyNameBodySchema = z.object({ companyName: CompanyNameSchema })
export type ChangeCompanyNameBody = z.input<typeof ChangeCompanyNameBodySchema>

/** VAT id {vatId}: the format of the billing country is checked by the server (§5). */
export const ChangeVatIdBodySchema = z.object({
  vatId: z
    .string({ required_error: m('required') })
    .trim()
    .min(1, m('required'))
    .max(20, m('max_length', { length: 20 })),
})
export type ChangeVatIdBody = z.input<typeof ChangeVatIdBodySchema>

/** The invoice address a light account converts with (the address book's rules apply). */
const ConversionAddressSchema = z.object({
  company: z.string().trim().max(50).optional().default(''),
  firstName: z.string().trim().max(60).optional().default(''),
  lastName: z.string().trim().max(60).optional().default(''),
  streetName: z.string().trim().max(60).optional().default(''),
  streetNumber: z.string().trim().max(20).optional().default(''),
  cityName: z.string().trim().max(60).optional().default(''),
  zipCode: z.string().trim().max(20).optional().default(''),
  countryName: z.string().trim().max(60).optional().default(''),
  countryId: id(m('required')).optional().default(81),
  vatId: z.string().trim().max(20).optional().default(''),
  /**
   * The light account's first address may change its kind ("Ich bin Geschäftskunde", §4); left
   * out, the kind of the guest order stays. A business needs its form and type.
   */
  customerType: z.enum(['private', 'business']).optional(),
  businessForm: int(0, 4).optional(),
  businessType: BusinessTypeSchema.optional(),
})

/** The business part of the light account's first-address form: form and type chosen. */
export const LightBusinessChoiceSchema = z.object({
  businessForm: BusinessFormFieldSchema,
  businessType: BusinessTypeSchema,
})

/**
 * Both payload shapes of the spec: the address with the light account's `id`, or `invoiceData`
 * with `userId` (the checkout's shape). The id must be the session's own account.
 */
export const ConvertLightToFullBodySchema = z.union([
  ConversionAddressSchema.extend({ id: id() }).strict(),
  z
    .object({
      invoiceData: ConversionAddressSchema,
      userId: id(),
    })
    .strict(),
])
export type ConvertLightToFullBody = z.input<typeof ConvertLightToFullBodySchema>

export const ConversionResultSchema = z.object({
  data: z.object({ successful: z.literal(true) }),
  customerId: z.number().int(),
  customerNumber: z.string(),
  notepadCount: z.number().int(),
  cartCount: z.number().int(),
})
export type ConversionResult = z.infer<typeof ConversionResultSchema>

const CHANGES = 'account-area §2 modals, §3 payloads, §4 changes, §8'

const LOGIN = 'account-area §3, §4 login levels, §8'

export const accountContract = c.router({
  login: {
    method: 'POST',
    path: '/auth/login',
    body: LoginRequestBodySchema,
    responses: {
      200: LoginResultSchema,
      403: z.union([LoginBlockedSchema, ErrorSchema]),
      422: LoginFailedSchema,
    },
    summary: `Login with e-mail and password (a soft login: the password alone); needs2FaAuthentication when the browser is new (${LOGIN})`,
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
  changePassword: {
    method: 'POST',
    path: '/account/password/change',
    body: ChangePasswordBodySchema,
    responses: {
      200: SuccessfulSchema,
      401: SoftLoginRequiredSchema,
      422: errorBody(
        z.enum([
          'missing_parameters',
          'old_password_incorrect',
          'old_and_new_password_equal',
          'password_not_secure',
          'password_change_failed',
        ]),
      ),
    },
    summary: `Change the password; ends the customer's other sessions (${CHANGES})`,
  },
  changeNames: {
    method: 'POST',
    path: '/account/names/change',
    body: ChangeNamesBodySchema,
    responses: {
      200: SuccessfulSchema,
      401: SoftLoginRequiredSchema,
      422: errorBody(
        z.enum(['missing_parameters', 'account_password_invalid', 'action_not_allow_for_student']),
      ),
    },
    summary: `Change first and last name; refused for active Campus members (${CHANGES})`,
  },
  changeOwnerNames: {
    method: 'POST',
    path: '/api/account/names/change-owner',
    body: ChangeOwnerNamesBodySchema,
    responses: {
      200: SuccessfulSchema,
      401: SoftLoginRequiredSchema,
      422: errorBody(z.enum(['owner_change_not_allowed'])),
    },
    summary: `Change the owner names (business forms 2 and 4 only) (${CHANGES})`,
  },
  changeCompanyName: {
    method: 'POST',
    path: '/api/account/names/change-company',
    body: ChangeCompanyNameBodySchema,
    responses: {
      200: SuccessfulSchema,
      401: SoftLoginRequiredSchema,
      422: errorBody(z.enum(['company_change_via_service'])),
    },
    summary: `Change the company name: sole proprietors only, else customer service (${CHANGES})`,
  },
  changeVatId: {
    method: 'POST',
    path: '/api/account/vat-id/change',
    body: ChangeVatIdBodySchema,
    responses: {
      200: z.object({ data: SuccessfulSchema }),
      401: SoftLoginRequiredSchema,
      422: errorBody(z.enum(['vat_id_invalid', 'vat_id_unchanged', 'forbidden'])),
    },
    summary: `Change the VAT id of a business customer, checked by its billing country (${CHANGES})`,
  },
  changeEmail: {
    method: 'POST',
    path: '/account/email/change',
    body: ChangeEmailBodySchema,
    responses: {
      200: SuccessfulSchema,
      401: SoftLoginRequiredSchema,
      422: errorBody(
        z.enum([
          'missing_parameters',
          'account_password_invalid',
          'account_new_email_invalid',
          'account_email_in_use',
        ]),
      ),
    },
    summary: `Change the e-mail; the old address is notified (${CHANGES})`,
  },
  convertLightToFullUser: {
    method: 'POST',
    path: '/api/account/convert-light-to-full-user',
    body: ConvertLightToFullBodySchema,
    responses: {
      200: ConversionResultSchema,
      401: SoftLoginRequiredSchema,
      404: errorBody(z.enum(['not_found'])),
      422: errorBody(z.enum(['conversion_failed'])).extend({
        errorFields: z.record(z.string(), z.string()),
      }),
    },
    summary:
      'A light account becomes a full customer with its invoice address, in one transaction (account-area §4)',
  },
})
