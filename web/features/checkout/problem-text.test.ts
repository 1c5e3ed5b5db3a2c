import { describe, expect, it } from 'vitest'
import { problemText } from './problem-text.ts'

describe('problemText', () => {
  it('fills the placeholders of a refusal from the answer params', () => {
    const answer = {
      status: 422,
      body: { code: 'voucher_limit_reached', message: 'x', params: { max: 1 } },
    }
    expect(problemText(answer)).toBe('Pro Bestellung kann höchstens 1 Gutschein eingelöst werden.')
  })

  it('falls back to the general error for an answer without a code', () => {
    expect(problemText(new Error('network'))).toBe(problemText({ body: { code: 'general_error' } }))
  })
})
