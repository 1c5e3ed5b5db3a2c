// The sender's pure rules: the backoff schedule and what an SMTP error means for a mail.
import { describe, expect, it } from 'vitest'
import { classifySmtpError, MAX_ATTEMPTS, retryDelaySeconds } from './sender.ts'

describe('retry delays', () => {
  it('double from 30 s and stop growing at one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ])
    expect(retryDelaySeconds(1000)).toBe(3600)
  })

  it('give a mail about five hours before it is given up', () => {
    let total = 0
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) total += retryDelaySeconds(attempt)
    expect(total / 3600).toBeGreaterThan(4)
    expect(total / 3600).toBeLessThan(6)
  })
})

describe('SMTP errors', () => {
  const smtp = (responseCode: number, command: string) => ({
    code: 'EENVELOPE',
    responseCode,
    command,
  })

  it('a 5xx refusal of the recipient or the content is permanent', () => {
    expect(classifySmtpError(smtp(550, 'RCPT TO'))).toBe('permanent')
    expect(classifySmtpError(smtp(554, 'DATA'))).toBe('permanent')
    expect(classifySmtpError({ code: 'EENVELOPE', command: 'API' })).toBe('permanent')
  })

  it('a 4xx deferral, 503 and a full mailbox (552 to RCPT TO) are retried', () => {
    expect(classifySmtpError(smtp(451, 'RCPT TO'))).toBe('transient')
    expect(classifySmtpError(smtp(452, 'DATA'))).toBe('transient')
    expect(classifySmtpError(smtp(503, 'DATA'))).toBe('transient')
    expect(classifySmtpError(smtp(552, 'RCPT TO'))).toBe('transient')
  })

  it('an unreachable or refusing server ends the run and is retried', () => {
    expect(classifySmtpError({ code: 'ECONNECTION', command: 'CONN' })).toBe('server')
    expect(classifySmtpError({ code: 'ETIMEDOUT', command: 'CONN' })).toBe('server')
    expect(classifySmtpError(smtp(421, 'CONN'))).toBe('server')
    expect(classifySmtpError({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' })).toBe(
      'server',
    )
    expect(classifySmtpError(smtp(550, 'MAIL FROM'))).toBe('server')
    expect(classifySmtpError(new Error('boom'))).toBe('server')
  })
})
