// The back office's form texts become the contract's body numbers; the contract's issues land on
// the same keys (German messages from the catalogue).
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BackofficeProductBodySchema } from '#contract/backoffice.ts'
import { bodyForm, euroText, requiredEuroText, requiredWholeNumberText } from './shared.tsx'

const ProductForm = bodyForm(
  z.object({
    priceCents: requiredEuroText,
    strikeThroughPriceCents: euroText,
    campusPriceCents: euroText,
    stock: requiredWholeNumberText,
    active: z.boolean(),
  }),
  BackofficeProductBodySchema,
)

const issues = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))

describe('back-office form texts', () => {
  it('turns German euro texts into cents and passes the contract', () => {
    const result = ProductForm.safeParse({
      priceCents: '1.234,5',
      strikeThroughPriceCents: '1299',
      campusPriceCents: '',
      stock: ' 7 ',
      active: true,
    })
    expect(result).toEqual({
      success: true,
      data: {
        priceCents: 123450,
        strikeThroughPriceCents: 129900,
        campusPriceCents: null,
        stock: 7,
        active: true,
      },
    })
  })

  it('names texts that are no amount or number, and empty required ones', () => {
    const result = ProductForm.safeParse({
      priceCents: '',
      strikeThroughPriceCents: '12,345',
      campusPriceCents: 'abc',
      stock: '1,5',
      active: false,
    })
    expect(issues(result)).toEqual({
      priceCents: 'required',
      strikeThroughPriceCents: 'backoffice_euro_invalid',
      campusPriceCents: 'backoffice_euro_invalid',
      stock: 'backoffice_whole_number_invalid',
    })
  })

  it("reports the contract's own rules at the form's keys", () => {
    const result = ProductForm.safeParse({
      priceCents: '10,00',
      strikeThroughPriceCents: '9,99',
      campusPriceCents: '10',
      stock: '0',
      active: true,
    })
    expect(issues(result)).toEqual({
      strikeThroughPriceCents: 'backoffice_strike_price_too_low',
      campusPriceCents: 'backoffice_campus_price_too_high',
    })
  })
})
