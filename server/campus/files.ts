// Uploaded documents are judged by their first bytes, never by name or the browser's type.
import type { CampusFileType } from '#contract/campus.ts'

const SIGNATURES: { type: CampusFileType; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
]

/** JPEG, PNG, GIF or PDF by magic bytes; null for anything else (an .exe renamed to .pdf). */
export function detectFileType(data: Buffer): CampusFileType | null {
  const match = SIGNATURES.find(
    (signature) =>
      data.length >= signature.bytes.length &&
      signature.bytes.every((byte, index) => data[index] === byte),
  )
  return match?.type ?? null
}

const EXTENSIONS: Record<CampusFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
}

export function extensionOf(type: string): string {
  return EXTENSIONS[type as CampusFileType] ?? 'bin'
}

/** The uploaded name for staff to read: no path, no control characters, at most 100 chars. */
export function displayName(originalName: string | undefined, type: CampusFileType): string {
  // Browsers send UTF-8 names; busboy reads header parameters as Latin-1.
  const utf8 = Buffer.from(originalName ?? '', 'latin1').toString('utf8')
  const base = (utf8.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}"<>]/gu, '')
    .trim()
    .slice(0, 100)
  return base || `nachweis.${extensionOf(type)}`
}
