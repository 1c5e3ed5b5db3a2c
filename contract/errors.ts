// Error bodies shared by every route, and the contract builder.
import { initContract } from '@ts-rest/core'
import { z } from 'zod'
import './zod-setup.ts'
import type { MessageCode } from './messages.de.ts'

export const c = initContract()

/** A domain error: the code (spelled as the spec spells it) and its German text. */
export function errorBody<E extends z.ZodType<MessageCode>>(codes: E) {
  return z.object({ code: codes, message: z.string() })
}

export const ErrorSchema = z.object({ code: z.string(), message: z.string() })
export type ErrorBody = z.infer<typeof ErrorSchema>

export const FieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.string()),
  message: z.string(),
})

/** 400: the request failed the contract. `fields` maps each field path to its first code. */
export const ValidationErrorSchema = z.object({
  code: z.literal('validation_failed'),
  message: z.string(),
  fields: z.record(z.string(), z.string()),
  errors: z.array(FieldErrorSchema),
})
export type ValidationError = z.infer<typeof ValidationErrorSchema>

export const SoftLoginRequiredSchema = z.object({
  code: z.enum(['unauthorized', 'soft_login_required']),
  message: z.string(),
})

/** Responses every route may give; declared once at the root of the contract. */
export const commonResponses = {
  400: ValidationErrorSchema,
  403: ErrorSchema,
  429: ErrorSchema,
  500: ErrorSchema,
  // The database is away for a moment (with Retry-After); see docs/decisions.md, issue 16.
  503: ErrorSchema,
} as const

/** `{ successful: true }`, the spec's acknowledgement for many write calls. */
export const SuccessfulSchema = z.object({ successful: z.literal(true) })
