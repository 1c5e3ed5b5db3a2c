// Configuration from the environment, parsed once at start.
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true')

/**
 * Which proxies in front of the shop Express may believe (`trust proxy`): false (none), a hop
 * count (only that many right-most X-Forwarded-For entries were added by our own proxies), or a
 * list of proxy addresses, CIDR ranges and Express's names (loopback, linklocal, uniquelocal).
 * Never `true` (believe every entry): a client would choose its own address. The old boolean
 * `true` means one hop.
 */
export type TrustProxy = false | number | string[]

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true
  const [address = '', range, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length > 0) return false
  if (range === undefined) return true
  if (isIP(range) === family) return true // address/netmask
  const bits = Number(range)
  return /^\d{1,3}$/.test(range) && bits <= (family === 4 ? 32 : 128)
}

const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim()
    if (value === '' || value === '0' || value === 'false') return false
    if (value === 'true') return 1
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const wrong = entries.filter((entry) => !isProxyEntry(entry))
    if (entries.length === 0 || wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count or proxy addresses/CIDR ranges, not ${wrong.join(', ') || value}`,
      })
      return z.NEVER
    }
    return entries
  })

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica of DATABASE_URL for catalog reads (issue 23); unset: all reads on the primary. */
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  /** Base URL for links in mails; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Bitwerk Kundenservice <service@bitwerk.example>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  /** Serve pages through Vite's dev server with hot reload (npm run dev). */
  DEV_SERVER: flag,
  /** Full login lasts this long after the password was given; then the session is soft. */
  FULL_LOGIN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60),
  /** A session (soft login, cart, wishlist) lives this long after its last use. */
  SESSION_DAYS: z.coerce.number().int().positive().default(30),
  /** White-label variant: login and wishlist are hidden. */
  WHITE_LABEL: flag,
  /** Further origins allowed to send writes (comma-separated), besides the shop's own. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Which payment provider adapter serves the checkout; only the sandbox simulator exists. */
  PAYMENT_PROVIDER: z.enum(['simulator']).default('simulator'),
  /** Signs the simulator's tokens and encrypts its stored card numbers (at least 32 characters). */
  PAYMENT_SIMULATOR_SECRET: z.string().min(32).optional(),
  /** Where uploads (Campus documents) are stored; default DATA_DIR/uploads (tests: a temp folder). */
  UPLOAD_DIR: z.string().optional(),
  /** Guests' page cache (server-rendered catalog pages) in MB per process; 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Campus registration by university e-mail (the spec's automatedVerificationEnabled); on by default. */
  CAMPUS_AUTOMATED_VERIFICATION: z.enum(['1', '0', 'true', 'false']).optional(),
})

/** Used when PAYMENT_SIMULATOR_SECRET is unset: fine for the sandbox, logged as a warning in production. */
const DEV_PAYMENT_SIMULATOR_SECRET = 'bitpay-sandbox-development-secret-not-for-production'

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  databaseUrl?: string
  databaseReadUrl?: string
  dataDir: string
  publicUrl: string
  smtpUrl?: string
  mailFrom: string
  logLevel: string
  /** Express's `trust proxy`: see TrustProxy. */
  trustProxy: TrustProxy
  devServer: boolean
  fullLoginSeconds: number
  sessionDays: number
  whiteLabel: boolean
  allowedOrigins: string[]
  /** The dev mailbox exists only without SMTP and outside production. */
  devMailbox: boolean
  payments: {
    provider: 'simulator'
    simulatorSecret: string
    /** True when the built-in development secret is in use. */
    simulatorSecretIsDefault: boolean
  }
  /** Folder of the file-system storage port (uploads). */
  uploadDir: string
  /** Bytes the guests' page cache may hold (0: off; always off with the Vite dev server). */
  pageCacheBytes: number
  campus: {
    /** Registration by university e-mail is offered (else only the document upload). */
    automatedVerificationEnabled: boolean
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    devServer: e.DEV_SERVER,
    fullLoginSeconds: e.FULL_LOGIN_SECONDS,
    sessionDays: e.SESSION_DAYS,
    whiteLabel: e.WHITE_LABEL,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    devMailbox: !e.SMTP_URL && e.NODE_ENV !== 'production',
    payments: {
      provider: e.PAYMENT_PROVIDER,
      simulatorSecret: e.PAYMENT_SIMULATOR_SECRET ?? DEV_PAYMENT_SIMULATOR_SECRET,
      simulatorSecretIsDefault: !e.PAYMENT_SIMULATOR_SECRET,
    },
    uploadDir:
      e.UPLOAD_DIR ??
      (e.NODE_ENV === 'test'
        ? join(tmpdir(), 'bitwerk-test-uploads')
        : join(e.DATA_DIR, 'uploads')),
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    campus: {
      automatedVerificationEnabled: !['0', 'false'].includes(e.CAMPUS_AUTOMATED_VERIFICATION ?? ''),
    },
  }
}
