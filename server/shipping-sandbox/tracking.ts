// Tracking numbers of the shipping simulator: DHL-style 20 digits, "00" (the GS1 application
// identifier of an SSCC) followed by an 18-digit SSCC: extension digit 3, the simulator's
// company prefix 40434, an 11-digit serial derived from the label's key, and the GS1 check
// digit. Deterministic per key, so the same key always names the same parcel.
import { createHash } from 'node:crypto'

const PREFIX = '340434'
const SERIAL_DIGITS = 11

/** GS1 mod 10 check digit: weights 3 and 1 from the right. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i])
    sum += digit * (i % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

/** The label's id and tracking number for an idempotency key. */
export function labelIdentity(key: string): { labelId: string; trackingNumber: string } {
  const hash = createHash('sha256').update(key).digest()
  const serial = (hash.readBigUInt64BE(0) % 10n ** BigInt(SERIAL_DIGITS))
    .toString()
    .padStart(SERIAL_DIGITS, '0')
  const body = `${PREFIX}${serial}`
  return {
    labelId: `lbl_${hash.subarray(8, 20).toString('hex')}`,
    trackingNumber: `00${body}${gs1CheckDigit(body)}`,
  }
}

/** Whether a string is a tracking number this simulator could have issued. */
export function isSimulatorTrackingNumber(value: string): boolean {
  if (!/^00340434\d{12}$/.test(value)) return false
  const sscc = value.slice(2)
  return gs1CheckDigit(sscc.slice(0, -1)) === Number(sscc.slice(-1))
}
