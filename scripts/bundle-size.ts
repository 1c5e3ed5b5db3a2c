// The JavaScript a first visit loads: the client entry, every chunk it imports statically and the
// early script (web/early.ts), gzipped. `npm test` fails the build above the budget
// (150 KB): zod, forms and the account, cart and checkout code must stay in lazy chunks.
// CLI: tsx scripts/bundle-size.ts [--verbose] [--max KB]
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const FIRST_LOAD_BUDGET_KB = 150
const ROOT = resolve(import.meta.dirname, '..')

type Chunk = { file: string; imports?: string[] }

/** Every file of the first load with its gzipped size in KB, largest first. */
export function firstLoadFiles(
  clientDir = resolve(ROOT, 'dist/client'),
): { file: string; kb: number }[] {
  const manifestPath = resolve(clientDir, '.vite/manifest.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>
  const entry = manifest['web/entry-client.tsx']
  if (!entry) throw new Error('no client entry in the manifest: run npm run build')
  const files = new Set<string>()
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const key of chunk.imports ?? []) visit(manifest[key])
  }
  visit(entry)
  // The page's first script (web/early.ts) is loaded by every page as well.
  visit(manifest['web/early.ts'])
  return [...files]
    .map((file) => ({ file, kb: gzipSync(readFileSync(resolve(clientDir, file))).length / 1024 }))
    .sort((a, b) => b.kb - a.kb)
}

export function firstLoadKb(clientDir?: string): number {
  return firstLoadFiles(clientDir).reduce((sum, row) => sum + row.kb, 0)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = firstLoadFiles()
  const total = files.reduce((sum, row) => sum + row.kb, 0)
  if (process.argv.includes('--verbose')) {
    for (const row of files) console.log(`${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`)
  }
  const maxAt = process.argv.indexOf('--max')
  const max = maxAt > 0 ? Number(process.argv[maxAt + 1]) : undefined
  console.log(`first-load JavaScript: ${total.toFixed(1)} KB gzipped in ${files.length} files`)
  if (max !== undefined && total > max) {
    console.error(`over the budget of ${max} KB: run with --verbose to see the chunks`)
    process.exit(1)
  }
}
