// The storage port for uploaded files (Campus documents). Slices keep the metadata in Postgres
// and the bytes here under a key the server chose (never a name from the upload). The file-system
// implementation writes below one folder; object storage (S3 and the like) is another
// implementation of the same three calls.
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'

export type FileStorage = {
  /** Stores the bytes under the key (replacing what was there). */
  put: (key: string, data: Buffer) => Promise<void>
  /** The bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Buffer | null>
  /** Removes the key; a missing key is fine. */
  delete: (key: string) => Promise<void>
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/

/** A fresh key below a prefix: `campus/2f1c…`. */
export function newStorageKey(prefix: string): string {
  return `${prefix}/${randomUUID()}`
}

function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 200) throw new Error(`invalid storage key: ${key}`)
  return key
}

/** Files below `root` (created on first write), readable by the server's user only. */
export function createFileSystemStorage(root: string): FileStorage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    const path = resolve(join(base, ...checkKey(key).split('/')))
    if (!path.startsWith(base + sep)) throw new Error(`storage key leaves the folder: ${key}`)
    return path
  }
  return {
    put: async (key, data) => {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      // Written under a temporary name and renamed: a reader never sees half a file.
      const temporary = `${path}.${randomUUID()}.part`
      await writeFile(temporary, data, { mode: 0o600 })
      await rename(temporary, path)
    },
    get: async (key) => {
      try {
        return await readFile(pathOf(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    delete: async (key) => {
      await rm(pathOf(key), { force: true })
    },
  }
}
