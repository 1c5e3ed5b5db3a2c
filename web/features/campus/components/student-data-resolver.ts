// The document form's validation: the contract's studentData schema, plus its checks across
// fields (end after start, end in the future, age) as soon as their fields are filled in.
import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors, Resolver } from 'react-hook-form'
import type { StudentDataInput, studentDataSchema } from '#contract/campus.ts'

type StudentDataSchema = ReturnType<typeof studentDataSchema>

/** The fields the schema's cross-field checks report on. */
const CROSS_FIELD_PATHS = new Set(['birthDate', 'studentValidTo'])

/**
 * zod runs an object's refinement only when none of its fields failed outright, and the terms
 * checkbox (a literal `true`) fails outright until it is ticked, which is the last thing a
 * shopper does. So an end date before the start date showed only after everything else was
 * filled in; here the schema runs a second time with the terms taken as ticked, and its
 * cross-field messages join the others (on blur, like every field's).
 */
export function studentDataResolver(schema: StudentDataSchema): Resolver<StudentDataInput> {
  const resolve = zodResolver(schema) as Resolver<StudentDataInput>
  return async (values, context, options) => {
    const result = await resolve(values, context, options)
    if (Object.keys(result.errors).length === 0) return result
    const parsed = schema.safeParse({ ...values, studentAgb: true })
    if (parsed.success) return result
    const errors: FieldErrors<StudentDataInput> = { ...result.errors }
    for (const issue of parsed.error.issues) {
      const name = issue.path.length === 1 ? String(issue.path[0]) : ''
      if (!CROSS_FIELD_PATHS.has(name)) continue
      const key = name as 'birthDate' | 'studentValidTo'
      if (errors[key]) continue
      errors[key] = { type: 'custom', message: issue.message, ref: options.fields[key]?.ref }
    }
    return { values: {}, errors }
  }
}
