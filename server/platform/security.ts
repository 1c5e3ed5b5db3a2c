// Security headers. Pages load scripts only from the shop itself; the JSON state in pages is a
// data block and needs no inline-script permission. Development allows Vite's inline preamble.
import type { RequestHandler } from 'express'
import helmet from 'helmet'
import { isInProcess } from './in-process.ts'

/** helmet with the shop's options (run per request only by the test that checks the recording). */
export function helmetFor(options: { dev: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': options.dev ? ["'self'", 'ws:'] : ["'self'"],
        // Consent-gated product videos (VideoEmbed) load YouTube's no-cookie player only.
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com'],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  })
}

type HeaderSteps = { set: [string, string][]; remove: string[] }

/**
 * What helmet does to a response, recorded once: with the options above every header is the same
 * for every request (no nonces), so the middleware replays the list instead of running helmet's
 * dozen middleware functions per request (issue 23). A test compares it with helmet itself.
 */
export function helmetSteps(options: { dev: boolean }): HeaderSteps {
  const steps: HeaderSteps = { set: [], remove: [] }
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      if (typeof value !== 'string') throw new Error(`helmet set a non-string header ${name}`)
      steps.set.push([name, value])
    },
    removeHeader: (name: string) => {
      steps.remove.push(name)
    },
  }
  let called = false
  helmetFor(options)(
    {} as never,
    recorder as never,
    ((error?: unknown) => {
      if (error) throw error
      called = true
    }) as never,
  )
  // helmet works synchronously; if it ever did not, the recording would be incomplete.
  if (!called) throw new Error('helmet did not finish synchronously')
  return steps
}

export function securityHeaders(options: { dev: boolean }): RequestHandler {
  const { set, remove } = helmetSteps(options)
  return (req, res, next) => {
    // A page's in-process API call: its answer never leaves the process (issue 23).
    if (isInProcess(req)) return next()
    for (const name of remove) res.removeHeader(name)
    for (const [name, value] of set) res.setHeader(name, value)
    next()
  }
}
