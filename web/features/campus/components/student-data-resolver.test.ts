import { describe, expect, it } from 'vitest'
import { studentDataSchema } from '#contract/campus.ts'
import { studentDataResolver } from './student-data-resolver.ts'

const TODAY = '2026-03-01'
const options = { fields: {}, shouldUseNativeValidation: false } as const

/** A form as it is while being filled in: the terms not ticked yet, no school yet. */
function halfFilled(from: string, to: string) {
  return {
    firstName: 'Lena',
    lastName: 'Berger',
    birthDate: '2003-04-05',
    studentType: 1,
    studentSchool: '',
    studentValidFrom: from,
    studentValidTo: to,
    studentAgb: false as unknown as true,
  }
}

describe('studentDataResolver', () => {
  const resolve = studentDataResolver(studentDataSchema(TODAY))

  it('reports an end date before the start date while the terms are not ticked yet', async () => {
    const result = await resolve(halfFilled('2026-04-01', '2026-03-15'), undefined, options)
    expect(result.errors.studentValidTo?.message).toBe('campus_valid_to_before_from')
    // The form's other problems stay.
    expect(result.errors.studentAgb?.message).toBe('terms_not_accepted')
    expect(result.errors.studentSchool).toBeDefined()
  })

  it('reports an end date in the past and an age under 16 the same way', async () => {
    const values = { ...halfFilled('2025-10-01', '2026-02-01'), birthDate: '2015-01-01' }
    const result = await resolve(values, undefined, options)
    expect(result.errors.studentValidTo?.message).toBe('campus_valid_to_past')
    expect(result.errors.birthDate?.message).toBe('min_age_16')
  })

  it('adds nothing when the dates are in order', async () => {
    const result = await resolve(halfFilled('2025-10-01', '2026-09-30'), undefined, options)
    expect(result.errors.studentValidTo).toBeUndefined()
    expect(result.errors.birthDate).toBeUndefined()
  })
})
