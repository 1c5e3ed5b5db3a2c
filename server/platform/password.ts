// Password hashing with argon2id (OWASP minimum: m=19456 KiB, t=2, p=1).
import { hash, verify } from '@node-rs/argon2'

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// A hash of a random password: verifying against it costs what a real check costs, so that
// answers for unknown e-mail addresses take as long as for known ones.
let dummyHash: Promise<string> | undefined
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`)
  await verifyPassword(await dummyHash, password)
  return false
}
