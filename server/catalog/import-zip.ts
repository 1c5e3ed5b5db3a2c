// ZIP archives of the catalog import (issue 21): the product file (CSV or JSON) plus the pictures
// its `bilder` column names. Read in memory with fflate's streaming unzip, fed in small slices so
// that every entry's real unpacked size is counted while it inflates: a lying header or a ZIP
// bomb is stopped after at most one slice's worth of output, never unpacked whole. Nothing is
// written to disk, and entry names are only ever used as keys (path-like names are refused all the
// same, so an archive that would escape a folder elsewhere is never accepted here).
import { Unzip, UnzipInflate } from 'fflate'
import {
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_IMPORT_ZIP_MAX_ENTRIES,
  CATALOG_IMPORT_ZIP_MAX_UNPACKED,
} from '#contract/backoffice-import.ts'
import { PICTURE_ALT_MAX, PICTURE_MAX_BYTES } from '#contract/backoffice-pictures.ts'
import { err, ok, type Result } from '#server/platform/result.ts'

export type ZipProblem =
  | 'catalog_import_zip_invalid'
  | 'catalog_import_zip_too_large'
  | 'catalog_import_zip_bomb'
  | 'catalog_import_zip_too_many_entries'
  | 'catalog_import_zip_name_invalid'
  | 'catalog_import_zip_no_data_file'
  | 'catalog_import_zip_many_data_files'

/** A picture entry: its bytes, or too large (not unpacked). */
export type ZipEntry = { bytes: Buffer } | { tooLarge: true }

export type ZipContents = {
  dataFile: { name: string; bytes: Buffer }
  /** Every other file by its path inside the archive. */
  entries: Map<string, ZipEntry>
}

/** "PK\x03\x04" (or an empty archive's "PK\x05\x06"). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  )
}

/** An entry's output may exceed its packed size this many times (deflate of a photo: ~1). */
const MAX_RATIO = 200
/** Below this an entry is never a bomb, whatever its ratio (a tiny CSV packs very well). */
const RATIO_FLOOR = 2 * 1024 * 1024
/** Bytes pushed into the inflater per step: bounds one step's output to ~16 MB. */
const SLICE = 16 * 1024

/** A name that is a path somewhere else: absolute, drive letter, backslash, `..`, control char. */
export function unsafeEntryName(name: string): boolean {
  return (
    name.length === 0 ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes('\\') ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
    /[\u0000-\u001f]/.test(name) ||
    name.split('/').some((part) => part === '..')
  )
}

/** Entries operating systems add that are never meant: macOS resource forks, dot files. */
function ignoredEntry(name: string): boolean {
  const base = name.split('/').pop() ?? ''
  return name.startsWith('__MACOSX/') || base.startsWith('.') || base === 'Thumbs.db'
}

const isDataFile = (name: string) => /\.(csv|json)$/i.test(name)

/** Reads an archive: exactly one .csv/.json file and the other files, within the limits. */
export function readZipArchive(
  bytes: Uint8Array,
): Result<ZipContents, ZipProblem, { name?: string; max?: number; names?: string }> {
  // A whole archive ends with its central directory's end record; a cut or foreign file does not.
  if (!hasEndRecord(bytes)) return err('catalog_import_zip_invalid')
  type Failure = { code: ZipProblem; data?: { name?: string; max?: number; names?: string } }
  let failure: Failure | null = null
  const fail = (code: ZipProblem, data?: Failure['data']) => {
    failure ??= { code, ...(data ? { data } : {}) }
  }
  const files = new Map<string, { chunks: Uint8Array[]; size: number; done: boolean } | 'large'>()
  let entries = 0
  let unpacked = 0
  const unzip = new Unzip()
  unzip.register(UnzipInflate)
  unzip.onfile = (file) => {
    if (failure) return
    entries += 1
    if (entries > CATALOG_IMPORT_ZIP_MAX_ENTRIES) {
      fail('catalog_import_zip_too_many_entries', { max: CATALOG_IMPORT_ZIP_MAX_ENTRIES })
      return
    }
    const name = file.name
    if (unsafeEntryName(name)) {
      fail('catalog_import_zip_name_invalid', { name: name.slice(0, 120) })
      return
    }
    if (name.endsWith('/') || ignoredEntry(name)) return
    if (files.has(name)) {
      fail('catalog_import_zip_invalid')
      return
    }
    const limit = isDataFile(name) ? CATALOG_IMPORT_MAX_BYTES : PICTURE_MAX_BYTES
    if (file.originalSize !== undefined && file.originalSize > limit) {
      // Declared too large: not unpacked at all. The product file is needed, a picture only
      // when a row names it (then that row reports it).
      if (isDataFile(name))
        fail('catalog_import_zip_too_large', { max: mb(CATALOG_IMPORT_ZIP_MAX_UNPACKED) })
      else files.set(name, 'large')
      return
    }
    const entry = { chunks: [] as Uint8Array[], size: 0, done: false }
    files.set(name, entry)
    const packed = file.size
    file.ondata = (error, chunk, final) => {
      if (failure) return
      if (error) {
        fail('catalog_import_zip_invalid')
        return
      }
      entry.size += chunk.length
      unpacked += chunk.length
      if (packed !== undefined && entry.size > RATIO_FLOOR && entry.size > packed * MAX_RATIO) {
        fail('catalog_import_zip_bomb', { name: name.slice(0, 120) })
      } else if (
        entry.size > limit ||
        unpacked > CATALOG_IMPORT_ZIP_MAX_UNPACKED ||
        (file.originalSize !== undefined && entry.size > file.originalSize)
      ) {
        // More than declared or allowed: the header lied or the archive is far too big.
        fail('catalog_import_zip_too_large', { max: mb(CATALOG_IMPORT_ZIP_MAX_UNPACKED) })
      } else {
        entry.chunks.push(chunk)
        if (final) entry.done = true
      }
      if (failure) file.terminate()
    }
    try {
      file.start()
    } catch {
      fail('catalog_import_zip_invalid')
    }
  }
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE) {
      const end = Math.min(bytes.length, at + SLICE)
      unzip.push(bytes.subarray(at, end), end === bytes.length)
    }
  } catch {
    fail('catalog_import_zip_invalid')
  }
  if (failure) {
    const { code, data } = failure as Failure
    return err(code, data)
  }
  const contents = new Map<string, ZipEntry>()
  for (const [name, entry] of files) {
    if (entry === 'large') contents.set(name, { tooLarge: true })
    else if (!entry.done && entry.size > 0) return err('catalog_import_zip_invalid')
    else contents.set(name, { bytes: Buffer.concat(entry.chunks) })
  }
  const dataNames = [...contents.keys()].filter(isDataFile)
  if (dataNames.length === 0) return err('catalog_import_zip_no_data_file')
  if (dataNames.length > 1) {
    return err('catalog_import_zip_many_data_files', { names: dataNames.slice(0, 5).join(', ') })
  }
  const dataName = dataNames[0] as string
  const data = contents.get(dataName)
  contents.delete(dataName)
  if (!data || !('bytes' in data)) return err('catalog_import_zip_invalid')
  return ok({ dataFile: { name: dataName, bytes: data.bytes }, entries: contents })
}

/** The end of central directory record ("PK\x05\x06") within the last 64 KB + 22 bytes. */
function hasEndRecord(bytes: Uint8Array): boolean {
  const stop = Math.max(0, bytes.length - 65_557)
  for (let at = bytes.length - 22; at >= stop; at -= 1) {
    if (
      bytes[at] === 0x50 &&
      bytes[at + 1] === 0x4b &&
      bytes[at + 2] === 0x05 &&
      bytes[at + 3] === 0x06
    ) {
      return true
    }
  }
  return false
}

function mb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024)
}

// --- The `bilder` cell ---------------------------------------------------------------------------

/** One picture a row names: the file inside the archive and its alt text. */
export type PictureRef = { file: string; alt: string }

/**
 * Reads a `bilder` cell: `bild1.jpg=Vorderseite|bild2.jpg`. `|` separates the pictures, the first
 * `=` a file from its alt text; `\|`, `\=` and `\\` are a literal bar, equals sign and backslash.
 * Blanks around names and alt texts are dropped, empty items skipped. A JSON file may also give a
 * list of names or of `{ "datei": …, "alt": … }` objects. Null: the cell cannot be read.
 */
export function parsePictureCell(text: string): PictureRef[] | null {
  const trimmed = text.trim()
  if (trimmed === '') return []
  if (trimmed.startsWith('[')) {
    let list: unknown
    try {
      list = JSON.parse(trimmed)
    } catch {
      return null
    }
    if (!Array.isArray(list)) return null
    const refs: PictureRef[] = []
    for (const entry of list) {
      if (typeof entry === 'string') refs.push({ file: entry.trim(), alt: '' })
      else if (
        entry &&
        typeof entry === 'object' &&
        typeof (entry as { datei?: unknown }).datei === 'string' &&
        ['string', 'undefined'].includes(typeof (entry as { alt?: unknown }).alt) &&
        Object.keys(entry).every((key) => key === 'datei' || key === 'alt')
      ) {
        const { datei, alt } = entry as { datei: string; alt?: string }
        refs.push({ file: datei.trim(), alt: (alt ?? '').trim() })
      } else return null
    }
    return refs.some((ref) => ref.file === '') ? null : refs
  }
  const refs: PictureRef[] = []
  let file = ''
  let alt = ''
  let inAlt = false
  const flush = () => {
    if (file.trim() !== '' || alt.trim() !== '') refs.push({ file: file.trim(), alt: alt.trim() })
    file = ''
    alt = ''
    inAlt = false
  }
  for (let i = 0; i < trimmed.length; i += 1) {
    const char = trimmed[i] as string
    if (char === '\\' && i + 1 < trimmed.length) {
      const next = trimmed[i + 1] as string
      if (next === '|' || next === '=' || next === '\\') {
        if (inAlt) alt += next
        else file += next
        i += 1
        continue
      }
    }
    if (char === '|') flush()
    else if (char === '=' && !inAlt) inAlt = true
    else if (inAlt) alt += char
    else file += char
  }
  flush()
  return refs.some((ref) => ref.file === '') ? null : refs
}

const escapePart = (text: string) => text.replace(/[\\|=]/g, (char) => `\\${char}`)

/** Writes a `bilder` cell that parsePictureCell reads back exactly. */
export function formatPictureCell(refs: PictureRef[]): string {
  return refs
    .map((ref) =>
      ref.alt ? `${escapePart(ref.file)}=${escapePart(ref.alt)}` : escapePart(ref.file),
    )
    .join('|')
}

export { PICTURE_ALT_MAX }
