// Security headers. Pages load scripts only from the shop itself; the JSON state in pages is a
// data block and needs no inline-script permission. Development allows Vite's inline preamble.
import helmet from 'helmet'

export function securityHeaders(options: { dev: boolean }) {
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
