// Header data: login state, counters and the popup contents of cart and wishlist.
import { z } from 'zod'
import { c } from './errors.ts'

export const EnergyEfficiencySchema = z.object({
  label: z.string(), // efficiency class, e.g. "B"
  classLevel: z.number().int(), // 1 (A) .. 7 (G)
  scale: z.string(), // e.g. "A - G"
})
export type EnergyEfficiency = z.infer<typeof EnergyEfficiencySchema>

/** A product line in the header's cart or wishlist popup (storefront section 2). */
export const HeaderProductSchema = z.object({
  productId: z.number().int(),
  url: z.string(),
  image: z.string(),
  baseName: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  price: z.string(), // German-formatted, e.g. "1.299,00 €"
  quantity: z.number().int(),
  energyEfficiency: EnergyEfficiencySchema.nullable(),
})
export type HeaderProduct = z.infer<typeof HeaderProductSchema>

export const HeaderDataSchema = z.object({
  wishlistItemCount: z.number().int(),
  wishlist: z.array(HeaderProductSchema),
  cartAmount: z.number().int(),
  cartContent: z.array(HeaderProductSchema),
  isLoggedIn: z.boolean(),
  isLoggedInSoft: z.boolean(),
  /** Unix time in seconds when the full login ends; null unless fully logged in. */
  fullLoginExpiryTimestamp: z.number().int().nullable(),
  firstName: z.string().nullable(),
  comparison: z.array(z.number().int()),
  tid: z.string().nullable(),
  trackingId: z.string().nullable(),
  testGroup: z.string().nullable(),
  contactId: z.string().nullable(),
  /** White-label variant: login and wishlist are hidden. */
  whiteLabel: z.boolean(),
})
export type HeaderData = z.infer<typeof HeaderDataSchema>

export const headerContract = c.router({
  getHeaderData: {
    method: 'GET',
    path: '/api/header_data',
    responses: { 200: HeaderDataSchema },
    summary: 'Header data for every login level (storefront section 7, account-area section 7)',
  },
})
