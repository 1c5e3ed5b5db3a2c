// zod's own messages are English sentences; here every built-in issue becomes a message code,
// so server answers and form errors speak the catalogue. Imported by every schema module.
import { z } from 'zod'
import { m } from './messages.de.ts'

export const codeErrorMap: z.ZodErrorMap = (issue, ctx) => {
  switch (issue.code) {
    case 'invalid_type':
      return {
        message:
          issue.received === 'undefined' || issue.received === 'null'
            ? m('required')
            : m('invalid'),
      }
    case 'too_small':
      if (issue.type === 'string') {
        return {
          message:
            issue.minimum === 1
              ? m('required')
              : m('min_length', { length: Number(issue.minimum) }),
        }
      }
      return { message: m('invalid') }
    case 'too_big':
      if (issue.type === 'string')
        return { message: m('max_length', { length: Number(issue.maximum) }) }
      return { message: m('invalid') }
    case 'custom':
      return { message: ctx.defaultError === 'Invalid input' ? m('invalid') : ctx.defaultError }
    default:
      return { message: m('invalid') }
  }
}

z.setErrorMap(codeErrorMap)
