// Tokens, signatures and the card vault's encryption, all from one secret (config
// PAYMENT_SIMULATOR_SECRET) with a separate key per purpose.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

export type KeyPurpose =
  | 'vault'
  | 'fingerprint'
  | 'amazon-pay'
  | 'consors-form'
  | 'apple-pay-session'
  | 'apple-pay-token'

export type SimulatorKeys = {
  sign: (purpose: KeyPurpose, data: string) => string
  verify: (purpose: KeyPurpose, data: string, signature: string) => boolean
  encrypt: (plain: string) => string
  decrypt: (sealed: string) => string
}

/** A random, URL-safe id with a readable prefix (`ps_…`, `ca_…`). */
export function randomToken(prefix: string, bytes = 18): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`
}

/** A stable hash of a request's parameters (keys sorted), for idempotency checks. */
export function requestHash(params: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((key) => [key, params[key]]),
  )
  return createHash('sha256').update(canonical).digest('base64url')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export function createKeys(secret: string): SimulatorKeys {
  const keyFor = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'bitpay-sandbox', purpose, 32))
  const keys = new Map<string, Buffer>()
  const key = (purpose: string) => {
    let value = keys.get(purpose)
    if (!value) {
      value = keyFor(purpose)
      keys.set(purpose, value)
    }
    return value
  }
  const sign = (purpose: KeyPurpose, data: string) =>
    createHmac('sha256', key(purpose)).update(data).digest('base64')
  return {
    sign,
    verify: (purpose, data, signature) => safeEqual(sign(purpose, data), signature),
    encrypt: (plain) => {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key('vault'), iv)
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    decrypt: (sealed) => {
      const [version, iv, tag, data] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown vault format')
      const decipher = createDecipheriv('aes-256-gcm', key('vault'), Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
