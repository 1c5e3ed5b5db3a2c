import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError, isDatabaseUnavailable, isDataException } from './db-errors.ts'

const postgresError = (code: string) =>
  Object.assign(new Error(`server said ${code}`), { name: 'PostgresError', code })
const socketError = (code: string) => Object.assign(new Error(`connect ${code}`), { code })
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause })

describe('isDatabaseUnavailable', () => {
  it('recognises lost connections from postgres-js and the socket, also wrapped by Drizzle', () => {
    for (const code of [
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
      'ECONNREFUSED',
      'ECONNRESET',
    ]) {
      expect(isDatabaseUnavailable(socketError(code)), code).toBe(true)
      expect(isDatabaseUnavailable(wrapped(socketError(code))), code).toBe(true)
    }
    const aggregate = Object.assign(new AggregateError([socketError('ECONNREFUSED')]), {})
    expect(isDatabaseUnavailable(aggregate)).toBe(true)
    expect(isDatabaseUnavailable(new DatabaseUnavailableError())).toBe(true)
  })

  it('recognises a server that shuts down, starts up or refuses connections', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300'])
      expect(isDatabaseUnavailable(wrapped(postgresError(code))), code).toBe(true)
  })

  it('does not take other errors for an outage', () => {
    for (const error of [
      postgresError('23505'),
      postgresError('22P05'),
      postgresError('40001'),
      new Error('boom'),
      socketError('ENOENT'),
      // A socket-like code on something that is not a PostgresError is not an SQLSTATE.
      Object.assign(new Error('x'), { code: '57P01' }),
      null,
      'CONNECTION_CLOSED',
    ])
      expect(isDatabaseUnavailable(error)).toBe(false)
  })
})

describe('isDataException', () => {
  it('is true for SQLSTATE class 22 only', () => {
    expect(isDataException(wrapped(postgresError('22P05')))).toBe(true)
    expect(isDataException(postgresError('22003'))).toBe(true)
    expect(isDataException(postgresError('23505'))).toBe(false)
    expect(isDataException(socketError('ECONNRESET'))).toBe(false)
  })
})
