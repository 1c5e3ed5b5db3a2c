import type { Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { EmailSchema } from '#contract/fields.ts'
import { errorHandler, validationErrorBody } from './http.ts'

function fakeResponse() {
  const res = {
    statusCode: 0,
    body: undefined as unknown,
    headersSent: false,
    headers: {} as Record<string, string>,
  }
  return Object.assign(res, {
    status(code: number) {
      res.statusCode = code
      return this
    },
    setHeader(name: string, value: string) {
      res.headers[name.toLowerCase()] = value
      return this
    },
    json(body: unknown) {
      res.body = body
      return this
    },
    end: vi.fn(),
  })
}

describe('error answers', () => {
  it('turns an unexpected error into the general message without a stack trace', () => {
    const res = fakeResponse()
    const log = { error: vi.fn() }
    errorHandler(
      new Error('database exploded'),
      { log } as unknown as Request,
      res as unknown as Response,
      vi.fn(),
    )
    expect(res.statusCode).toBe(500)
    expect(res.body).toEqual({
      code: 'general_error',
      message: 'Leider kam es zu einem technischen Problem. Bitte versuche es erneut.',
    })
    expect(JSON.stringify(res.body)).not.toContain('exploded')
    expect(log.error).toHaveBeenCalled()
  })

  it('maps contract failures to field codes and German messages', () => {
    const schema = z.object({ email: EmailSchema, firstName: z.string().min(2) })
    const parsed = schema.safeParse({ email: 'max.example.de', firstName: 'M' })
    if (parsed.success) throw new Error('expected a failure')
    const body = validationErrorBody({
      body: parsed.error,
      query: null,
      pathParams: null,
      headers: null,
    } as never)
    expect(body.fields).toEqual({ email: 'email_missing_at', firstName: 'min_length' })
    expect(body.errors[1]).toEqual({
      field: 'firstName',
      code: 'min_length',
      params: { length: '2' },
      message: 'Bitte gib mindestens 2 Zeichen ein.',
    })
  })

  it('answers 503 with Retry-After while the database is away (API: JSON)', () => {
    const lost = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
        code: 'CONNECTION_CLOSED',
      }),
    })
    const res = fakeResponse()
    const log = { error: vi.fn(), warn: vi.fn() }
    const req = { log, originalUrl: '/api/cart', accepts: () => 'json' }
    errorHandler(lost, req as unknown as Request, res as unknown as Response, vi.fn())
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('2')
    expect(res.body).toEqual({
      code: 'service_unavailable',
      message:
        'Der Shop ist gerade nicht erreichbar. Bitte versuche es in wenigen Sekunden erneut.',
    })
    expect(log.error).not.toHaveBeenCalled()
  })

  it('answers 400 validation_failed for a value the database cannot hold (SQLSTATE class 22)', () => {
    for (const code of ['22P05', '22003', '22P02']) {
      const postgresError = Object.assign(new Error('invalid'), { name: 'PostgresError', code })
      const res = fakeResponse()
      const req = { log: { error: vi.fn(), warn: vi.fn() }, originalUrl: '/api/auth/login' }
      errorHandler(
        new Error('Failed query', { cause: postgresError }),
        req as unknown as Request,
        res as unknown as Response,
        vi.fn(),
      )
      expect(res.statusCode).toBe(400)
      expect(res.body).toMatchObject({ code: 'validation_failed', fields: { _: 'invalid' } })
    }
  })
})
