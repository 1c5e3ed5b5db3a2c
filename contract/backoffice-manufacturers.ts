// Manufacturers and their product-safety contacts in the back office (issues 20 and 21; GPSR
// (EU) 2023/988 Art. 19 b, c: name, postal and electronic address of the manufacturer and, for a
// manufacturer outside the EU, of the person responsible in the Union). Admins create and edit
// them; the product page's "Produktsicherheit" follows at once. The same schema checks the form
// in the browser and the body on the server.
import { z } from 'zod'
import { staffOnly } from './backoffice-access.ts'
import { c, errorBody } from './errors.ts'
import { text, textId } from './fields.ts'
import { m } from './messages.de.ts'

/** ISO 3166-1 alpha-2 codes of the EU member states. */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const

export function isEuCountryCode(code: string): boolean {
  return (EU_COUNTRY_CODES as readonly string[]).includes(code)
}

const CountryCodeSchema = z
  .string({ required_error: m('required'), invalid_type_error: m('invalid') })
  .trim()
  .toUpperCase()
  .refine((value) => /^[A-Z]{2}$/.test(value), { message: m('country_code_invalid') })

const EMAIL_OR_URL = /^(?:[^\s@]+@[^\s@]+\.[^\s@]+|https?:\/\/[^\s/]+\.[^\s]+)$/

/** An economic operator's contact (Art. 19 GPSR): name, postal and electronic address. */
export const OperatorSchema = z.object({
  name: text(2, 120),
  street: text(3, 120),
  zipCode: text(2, 12),
  city: text(2, 80),
  countryCode: CountryCodeSchema,
  /** E-mail address or the URL of a contact form. */
  electronicAddress: text(5, 200)
    .refine((value) => value === '' || EMAIL_OR_URL.test(value), {
      message: m('electronic_address_invalid'),
    })
    // A plain e-mail address becomes a mailto: link as the product page shows it.
    .transform((value) => (/^[^\s@:]+@/.test(value) ? `mailto:${value}` : value)),
})
export type Operator = z.infer<typeof OperatorSchema>

/** What an admin saves: the brand as the products show it, the manufacturer, the EU person. */
export const ManufacturerBodySchema = z
  .object({
    brand: text(1, 60),
    manufacturer: OperatorSchema,
    responsiblePerson: OperatorSchema.nullable(),
  })
  .superRefine((body, ctx) => {
    const outside = !isEuCountryCode(body.manufacturer.countryCode.trim().toUpperCase())
    if (outside && !body.responsiblePerson)
      ctx.addIssue({
        code: 'custom',
        path: ['responsiblePerson'],
        message: m('backoffice_responsible_person_required'),
      })
    const person = body.responsiblePerson?.countryCode.trim().toUpperCase()
    if (person && /^[A-Z]{2}$/.test(person) && !isEuCountryCode(person))
      ctx.addIssue({
        code: 'custom',
        path: ['responsiblePerson', 'countryCode'],
        message: m('backoffice_responsible_person_outside_eu'),
      })
  })
export type ManufacturerBody = z.input<typeof ManufacturerBodySchema>

export const BackofficeManufacturerSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  manufacturer: OperatorSchema,
  responsiblePerson: OperatorSchema.nullable(),
  /** Products that name this manufacturer. */
  productCount: z.number().int(),
})
export type BackofficeManufacturer = z.infer<typeof BackofficeManufacturerSchema>

const SERVICE_AND_ADMIN = staffOnly('service', 'admin')
const ADMIN = staffOnly('admin')
const Unauthorized = errorBody(z.enum(['staff_unauthorized']))
const IdParams = z.object({ id: textId() })

export const backofficeManufacturersContract = c.router({
  listManufacturers: {
    method: 'GET',
    path: '/api/staff/manufacturers',
    responses: {
      200: z.object({ manufacturers: z.array(BackofficeManufacturerSchema) }),
      401: Unauthorized,
    },
    metadata: SERVICE_AND_ADMIN,
    summary: 'Manufacturers with their product-safety contacts, by brand (issue 20, GPSR)',
  },
  createManufacturer: {
    method: 'POST',
    path: '/api/staff/manufacturers',
    body: ManufacturerBodySchema,
    responses: {
      200: BackofficeManufacturerSchema,
      401: Unauthorized,
      409: errorBody(z.enum(['backoffice_brand_taken'])),
    },
    metadata: ADMIN,
    summary: 'A new manufacturer; the product editor offers it at once (audited)',
  },
  updateManufacturer: {
    method: 'PUT',
    path: '/api/staff/manufacturers/:id',
    pathParams: IdParams,
    body: ManufacturerBodySchema,
    responses: {
      200: BackofficeManufacturerSchema,
      401: Unauthorized,
      404: errorBody(z.enum(['not_found'])),
      409: errorBody(z.enum(['backoffice_brand_taken', 'backoffice_brand_in_use'])),
    },
    metadata: ADMIN,
    summary:
      "Changes a manufacturer's brand and safety contacts; product pages follow at once (audited)",
  },
})
