// Contract of the addresses slice: the address book (account-area §2, §3, §5, §7, §8) and the
// four country lists shared with checkout (storefront §5). The address rules take a context
// (account or checkout city rule, billing or delivery, private or business), so the checkout's
// billing and delivery steps reuse the same schemas as the account's address form.
import { z } from 'zod'
import { c, errorBody, SoftLoginRequiredSchema } from './errors.ts'
import {
  CheckoutCityNameSchema,
  CityNameSchema,
  CUSTOMER_NAME_MAX,
  DELIVERY_FULL_NAME_MAX,
  id,
  isValidVatId,
  isValidZip,
  isVatIdRequired,
  normalizeVatId,
  PRIMARY_COUNTRY_ID,
  personName,
  StreetNameSchema,
  StreetNumberSchema,
  text,
  textId,
  ZipCodeSchema,
} from './fields.ts'
import { m, parseMessage } from './messages.de.ts'

// --- Address types and context ---------------------------------------------------------------

/** normal, DHL Packstation, Hermes PaketShop (account-area §3). */
export const ADDRESS_TYPES = [
  { id: 'normal', label: 'Standardadresse' },
  { id: 'packstation', label: 'DHL Packstation' },
  { id: 'paketshop', label: 'Hermes PaketShop' },
] as const
export const AddressTypeSchema = z.enum(['normal', 'packstation', 'paketshop'])
export type AddressType = z.infer<typeof AddressTypeSchema>

/** The street name stored for a Packstation address (the station number is the house number). */
export const PACKSTATION_STREET = 'Packstation'

/** Which rules an address follows. */
export type AddressContext = {
  /** account: city 2-30 (account-area §5); checkout: city 3-30 (storefront §5). */
  flow: 'account' | 'checkout'
  /** billing: the invoice address (defaultAddress = true); delivery: a delivery address. */
  kind: 'billing' | 'delivery'
  customerType: 'private' | 'business'
}

/** DHL post number: 6 to 10 digits. */
export const POST_NUMBER_PATTERN = /^\d{6,10}$/
/** Packstation number: 3 digits. */
export const STATION_NUMBER_PATTERN = /^\d{3}$/

// --- Schemas ---------------------------------------------------------------------------------

/** The country in a JSON body; the form's select gives digits (CountryIdFieldSchema). */
const CountryIdSchema = id(m('required'))
const CountryIdFieldSchema = textId(m('required'))

const optionalText = (max: number) =>
  z
    .string({ invalid_type_error: m('invalid') })
    .trim()
    .max(max, m('max_length', { length: max }))
    .optional()
    .default('')

/**
 * The wire shape of an address (add, update, convert): types and outer lengths only. The rules
 * of the context (required fields, names, zip by country, Packstation, VAT id) are checked by
 * `addressSchema(context)` on the server, which knows the customer, and answered as backend
 * codes (`errorFields`, account-area §8).
 */
export const AddressInputSchema = z.object({
  company: optionalText(50),
  firstName: optionalText(60),
  lastName: optionalText(60),
  streetName: optionalText(60),
  streetNumber: optionalText(20),
  zipCode: optionalText(20),
  cityName: optionalText(60),
  countryId: CountryIdSchema.optional().default(PRIMARY_COUNTRY_ID),
  /** Ignored by the server (it names the country by id); the spec's payload carries it. */
  countryName: optionalText(60),
  type: AddressTypeSchema.optional().default('normal'),
  postNumber: optionalText(20),
  /** VAT id: only for a business billing address outside Germany. */
  vatId: optionalText(20),
})
export type AddressInput = z.input<typeof AddressInputSchema>

type AddressShape = {
  company: string
  firstName: string
  lastName: string
  streetName: string
  streetNumber: string
  zipCode: string
  cityName: string
  countryId: number
  type: AddressType
  postNumber: string
  vatId: string
}

function issue(ctx: z.RefinementCtx, path: keyof AddressShape, message: string) {
  ctx.addIssue({ code: 'custom', path: [path], message })
}

/** Rules across fields of an address in its context. */
function addressRules(context: AddressContext) {
  return (value: AddressShape, ctx: z.RefinementCtx) => {
    const isBusiness = context.customerType === 'business'
    if (isBusiness && value.company.length < 2) {
      issue(ctx, 'company', value.company ? m('min_length', { length: 2 }) : m('required'))
    }
    if (value.firstName && value.lastName) {
      const max = context.kind === 'delivery' ? DELIVERY_FULL_NAME_MAX : CUSTOMER_NAME_MAX
      const joined =
        context.kind === 'delivery'
          ? `${value.firstName}${value.lastName}`
          : `${value.firstName} ${value.lastName}`
      if (joined.length > max) issue(ctx, 'lastName', m('full_name_too_long', { length: max }))
    }
    if (value.type !== 'normal') {
      // Packstation and PaketShop exist in Germany only and only receive parcels.
      if (context.kind === 'billing' || value.countryId !== PRIMARY_COUNTRY_ID) {
        issue(ctx, 'type', m('invalid'))
      }
    }
    if (value.type === 'packstation') {
      if (!POST_NUMBER_PATTERN.test(value.postNumber)) {
        issue(ctx, 'postNumber', m('post_number_invalid'))
      }
      if (!STATION_NUMBER_PATTERN.test(value.streetNumber)) {
        issue(ctx, 'streetNumber', m('station_number_invalid'))
      }
    }
    if (value.zipCode && !isValidZip(value.zipCode, value.countryId)) {
      issue(ctx, 'zipCode', m('zip_invalid'))
    }
    if (isBusiness && context.kind === 'billing') {
      const vatId = normalizeVatId(value.vatId)
      if (isVatIdRequired(value.countryId) && !vatId) issue(ctx, 'vatId', m('required'))
      else if (vatId && !isValidVatId(vatId, value.countryId)) {
        issue(ctx, 'vatId', m('vat_id_invalid'))
      }
    }
  }
}

/**
 * The address form's rules in a context (account-area §5, storefront §5): required names,
 * street, house number, zip and city, company for business customers, city 2-30 in the account
 * and 3-30 in checkout, first plus last name at most 50 on delivery addresses (49 on billing),
 * zip by country, Packstation with DHL post number and 3-digit station number, VAT id for a
 * business billing address outside Germany. Used by the forms (zodResolver) and the server.
 */
export function addressSchema(context: AddressContext) {
  const nameContext = context.customerType === 'business' ? 'business' : 'private'
  const base = z.object({
    // Required for business customers: checked with the other rules across fields.
    company: text(0, 50, { required: false }).default(''),
    firstName: personName(nameContext),
    lastName: personName(nameContext),
    streetName: StreetNameSchema,
    streetNumber: StreetNumberSchema,
    zipCode: ZipCodeSchema,
    cityName: context.flow === 'checkout' ? CheckoutCityNameSchema : CityNameSchema,
    countryId: CountryIdFieldSchema,
    type: AddressTypeSchema.default('normal'),
    postNumber: z.string().trim().default(''),
    vatId: z.string().trim().default(''),
  })
  return base.superRefine(addressRules(context))
}
export type AddressValues = z.output<ReturnType<typeof addressSchema>>

// --- Backend codes (account-area §8) ---------------------------------------------------------

const BACKEND_FIELD: Partial<Record<keyof AddressShape, string>> = {
  firstName: 'firstname',
  lastName: 'lastname',
  streetName: 'street',
  streetNumber: 'street_number',
  zipCode: 'zip',
  cityName: 'city',
}

/**
 * The backend code of a refused field: `account_<field>_<missing|too_short|too_long|invalid>`
 * for names, street, number, zip and city, `customer_ust_id` for the VAT id, the rule's own code
 * (post and station number, company, type) otherwise.
 */
export function addressBackendCode(field: string, message: string): string {
  const { code } = parseMessage(message)
  if (field === 'vatId') return 'customer_ust_id'
  if (code === 'post_number_invalid' || code === 'station_number_invalid') return code
  const name = BACKEND_FIELD[field as keyof AddressShape]
  if (!name) return message
  const problem =
    code === 'required'
      ? 'missing'
      : code === 'min_length'
        ? 'too_short'
        : code === 'max_length' || code === 'full_name_too_long'
          ? 'too_long'
          : 'invalid'
  return `account_${name}_${problem}`
}

/** Field → backend code of every refused field (first problem per field). */
export function addressErrorFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const problem of error.issues) {
    const field = String(problem.path[0] ?? '_')
    fields[field] ??= addressBackendCode(field, problem.message)
  }
  return fields
}

// --- Responses -------------------------------------------------------------------------------

/** An address as the account shows it (account-area §3). */
export const AddressSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  zipCode: z.string(),
  cityName: z.string(),
  countryName: z.string(),
  countryId: z.number().int(),
  postNumber: z.string(),
  type: AddressTypeSchema,
  accountType: z.enum(['private', 'business']),
  /** true: the billing (invoice) address; false: a delivery address. */
  defaultAddress: z.boolean(),
})
export type Address = z.infer<typeof AddressSchema>

/**
 * Why the billing address cannot be edited: `campus` (active Campus member), `business_country`
 * (business outside Germany) or `business_vat_id` (business in Germany with a VAT id).
 */
export const BillingLockSchema = z.enum(['campus', 'business_country', 'business_vat_id'])
export type BillingLock = z.infer<typeof BillingLockSchema>

/** What the address form may change, decided by the server from the customer (§5, §6). */
export const AddressRulesSchema = z.object({
  billingLock: BillingLockSchema.nullable(),
  /** Business customers deliver only to the invoice country (null: any delivery country). */
  lockedDeliveryCountryId: z.number().int().nullable(),
  /** Company and billing names are not editable for existing business customers. */
  companyLocked: z.boolean(),
  billingNamesLocked: z.boolean(),
  /** A light account converts with its first (billing) address. */
  isLightAccount: z.boolean(),
})
export type AddressRules = z.infer<typeof AddressRulesSchema>

export const AddressListSchema = z.object({
  successful: z.literal(true),
  address: z.array(AddressSchema),
  accountType: z.enum(['private', 'business']),
  rules: AddressRulesSchema,
})
export type AddressList = z.infer<typeof AddressListSchema>

export const AddressChangedSchema = AddressListSchema.extend({
  addressAdded: z.boolean(),
  addressUpdated: z.boolean(),
  /** The id of the added or updated address. */
  addressId: z.number().int(),
})

export const CountrySchema = z.object({ countryId: z.number().int(), countryName: z.string() })
export type Country = z.infer<typeof CountrySchema>
export const CountryListSchema = z.object({ countries: z.array(CountrySchema) })

/** A refused address: the summary code and the backend code of each field. */
export const AddressErrorSchema = errorBody(
  z.enum([
    'address_save_failed',
    'address_billing_locked_campus',
    'address_billing_locked_business',
    'address_delivery_country_locked',
    'address_default_not_deletable',
    'address_delete_failed',
    'address_light_account',
    'address_billing_exists',
    'address_billing_missing',
    'address_limit_reached',
  ]),
).extend({ errorFields: z.record(z.string(), z.string()) })
export type AddressError = z.infer<typeof AddressErrorSchema>

const NotFoundSchema = errorBody(z.enum(['not_found']))
const AddressIdSchema = id()

// --- Routes ----------------------------------------------------------------------------------

const auth = { 401: SoftLoginRequiredSchema } as const

function countryRoute<P extends string>(path: P, what: string) {
  return {
    method: 'GET',
    path,
    responses: { 200: CountryListSchema },
    summary: `Countries of a ${what} address, Deutschland first (account-area §5, storefront §5)`,
  } as const
}

export const addressesContract = c.router({
  getAddress: {
    method: 'POST',
    path: '/api/account/get-address',
    body: z.object({ addressId: AddressIdSchema }),
    responses: {
      200: z.object({
        successful: z.literal(true),
        address: AddressSchema,
        accountType: z.enum(['private', 'business']),
        rules: AddressRulesSchema,
      }),
      ...auth,
      404: NotFoundSchema,
    },
    summary: 'One address of the customer; 404 for unknown ids and other customers (§7)',
  },
  getAddresses: {
    method: 'POST',
    path: '/api/account/get-addresses',
    body: c.noBody(),
    responses: { 200: AddressListSchema, ...auth },
    summary: 'The billing and delivery addresses with the rules of the form (account-area §7)',
  },
  addAddress: {
    method: 'POST',
    path: '/api/account/add-address',
    body: AddressInputSchema.extend({ defaultAddress: z.boolean().optional().default(false) }),
    responses: { 200: AddressChangedSchema, ...auth, 422: AddressErrorSchema },
    summary: 'Add the billing (defaultAddress) or a delivery address (account-area §4, §5, §8)',
  },
  updateAddress: {
    method: 'POST',
    path: '/api/account/update-address',
    body: AddressInputSchema.extend({ addressId: AddressIdSchema }),
    responses: { 200: AddressChangedSchema, ...auth, 404: NotFoundSchema, 422: AddressErrorSchema },
    summary: 'Update an address of the customer; 404 when it is not theirs (§5, §6, §8)',
  },
  deleteAddress: {
    method: 'POST',
    path: '/api/account/delete-address',
    body: z.object({ addressId: AddressIdSchema }),
    responses: {
      200: AddressListSchema,
      ...auth,
      404: NotFoundSchema,
      422: AddressErrorSchema,
    },
    summary: 'Delete a delivery address; the default (billing) address cannot be deleted (§4)',
  },
  getBillingPrivateCountries: countryRoute(
    '/api/account/address/country/billing/private',
    'private billing',
  ),
  getBillingBusinessCountries: countryRoute(
    '/api/account/address/country/billing/business',
    'business billing',
  ),
  getDeliveryPrivateCountries: countryRoute(
    '/api/account/address/country/delivery/private',
    'private delivery',
  ),
  getDeliveryBusinessCountries: countryRoute(
    '/api/account/address/country/delivery/business',
    'business delivery (locked to the invoice country by the rules)',
  ),
})
