import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { c, errorBody } from '#contract/errors.ts'
import { contract } from '#contract/index.ts'
import {
  ERROR_STATUS,
  type ErrorCode,
  ROUTE_STATUS,
  respond,
  respondOn,
  statusOf,
} from './errors.ts'

/** The codes a response schema names (`code: z.enum([...])` or `z.literal`), if any. */
function codesOf(schema: unknown): string[] {
  let s = schema as z.ZodTypeAny
  while (s instanceof z.ZodEffects) s = s.innerType()
  if (s instanceof z.ZodUnion) return (s.options as z.ZodTypeAny[]).flatMap(codesOf)
  if (!(s instanceof z.ZodObject)) return []
  return enumValues(s.shape.code)
}

function enumValues(code: unknown): string[] {
  if (code instanceof z.ZodEnum) return code.options as string[]
  if (code instanceof z.ZodLiteral) return [String(code.value)]
  if (code instanceof z.ZodUnion) return (code.options as unknown[]).flatMap(enumValues)
  return []
}

function routesOf(router: AppRouter, prefix = ''): [string, AppRoute][] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [[`${prefix}${key}`, value] as [string, AppRoute]]
      : routesOf(value as AppRouter, `${prefix}${key}.`),
  )
}

const isErrorCode = (code: string): code is ErrorCode => code in ERROR_STATUS

/** Every (route, code) whose declared status in the contract differs from the table's. */
function mismatches(router: AppRouter): string[] {
  const found: string[] = []
  for (const [name, route] of routesOf(router)) {
    const declared = new Map<string, Set<number>>()
    for (const [status, schema] of Object.entries(route.responses)) {
      for (const code of codesOf(schema)) {
        declared.set(code, (declared.get(code) ?? new Set()).add(Number(status)))
      }
    }
    for (const [code, statuses] of declared) {
      if (!isErrorCode(code)) continue
      const status = statusOf(code, name)
      if (!statuses.has(status))
        found.push(`${name}: ${code} -> ${status}, contract: ${[...statuses].join('/')}`)
    }
  }
  return found
}

describe('the error table', () => {
  it('answers every code of every route with a status the route declares for it', () => {
    expect(mismatches(contract)).toEqual([])
  })

  it('has a status for every error code the contract declares', () => {
    const missing = routesOf(contract).flatMap(([name, route]) =>
      Object.entries(route.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([, schema]) => codesOf(schema))
        .filter((code) => !isErrorCode(code))
        .map((code) => `${name}: ${code}`),
    )
    expect(missing).toEqual([])
  })

  it('finds a code the table maps to a status the route does not declare', () => {
    const drifted = c.router({
      changePassword: {
        method: 'POST',
        path: '/x',
        body: z.object({}),
        responses: { 409: errorBody(z.enum(['old_password_incorrect'])) },
      },
    })
    expect(mismatches(drifted)).toEqual([
      'changePassword: old_password_incorrect -> 422, contract: 409',
    ])
  })

  it('keeps its route exceptions for routes and codes that the contract has', () => {
    const routes = new Map(routesOf(contract))
    for (const [name, exceptions] of Object.entries(ROUTE_STATUS)) {
      const route = routes.get(name)
      expect(route, name).toBeDefined()
      for (const [code, status] of Object.entries(exceptions)) {
        const schema = route?.responses[status as keyof typeof route.responses]
        expect(codesOf(schema), `${name} ${code}`).toContain(code)
        // An exception differs from the table, or it is not one.
        expect(status).not.toBe(ERROR_STATUS[code as ErrorCode])
      }
    }
  })

  it('builds domain errors with the German text and the spec extra fields', () => {
    expect(respond('old_password_incorrect')).toEqual({
      status: 422,
      body: { code: 'old_password_incorrect', message: 'Das aktuelle Passwort war nicht korrekt.' },
    })
    expect(respond('rate_limited').status).toBe(429)
    expect(respond('login_failed', { successful: false })).toMatchObject({
      status: 422,
      body: { successful: false, code: 'login_failed' },
    })
    expect(respond('login_blocked', {}, { m: 4, s: '05' }).body.message).toContain('4:05')
  })

  it('answers a route exception with its own status', () => {
    expect(respond('forbidden').status).toBe(403)
    expect(respondOn('account.changeVatId', 'forbidden').status).toBe(422)
    expect(respondOn('creditCards.removeCreditCards', 'general_error').status).toBe(404)
    expect(respondOn('creditCards.removeCreditCards', 'forbidden').status).toBe(403)
  })
})
