// Builds the server into one JavaScript file that production runs with plain `node`:
// dist/node/main.js (+ source map). Our own code (server/, db/, contract/, reached through the
// `#server/*`-style imports that point at .ts files) is bundled; packages from node_modules stay
// imports, resolved at run time from the project's node_modules.
//
// Files read at run time stay where they are in the source tree (db/migrations, the common
// passwords list, the payment sandbox's assets, the web build in dist/). Their modules find them
// through import.meta.url / import.meta.dirname, which in a bundle would all name the bundle; so
// each module's import.meta.url/dirname/filename is rewritten to its own source file's location,
// expressed relative to the bundle (the project can move, e.g. to /app in the container). This also
// keeps db/migrate.ts's "run as a script" check false inside the bundle.
// CLI: tsx scripts/build-server.ts [--outfile dist/node/main.js]
import { readFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const ROOT = resolve(import.meta.dirname, '..')
export const SERVER_BUNDLE = resolve(ROOT, 'dist/node/main.js')

/**
 * How production runs the bundle (issue 23: process memory): `node ${SERVER_NODE_FLAGS} main.js`
 * with SERVER_ENV in its environment. The Dockerfile's CMD/ENV, deploy/bitwerk.service and
 * `npm start` spell the same (scripts/build-server.test.ts checks); the bench and the fault tests
 * start the bundle with these. Young generation at most 2 × 4 MB instead of V8's 2 × 16 MB (V8 rounds the size up
 * to a power of two; 8 and 16 measured no faster, docs/decisions.md); the old generation grows to
 * 1.5 × its live size after a full collection instead of up to 4 × (a large import still gets all
 * the heap it needs: this is a growth step, not a limit); two glibc malloc arenas instead of 8 per
 * core for the buffers the threads (libuv, V8 helpers) allocate, and a fixed mmap threshold of
 * 128 KB: larger buffers (query results, rendered pages) are mapped and returned when freed
 * instead of raising the threshold and staying in a fragmented malloc heap.
 */
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-semi-space-size=4',
  '--heap-growing-percent=50',
]
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

/** Path from the bundle's folder to a file of the project, as a URL-relative reference. */
function fromBundle(outDir: string, file: string): string {
  const path = relative(outDir, file).split('\\').join('/')
  return path.startsWith('.') ? path : `./${path}`
}

function sourceLocations(outDir: string): Plugin {
  return {
    name: 'source-locations',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined
        const source = await readFile(args.path, 'utf8')
        if (!source.includes('import.meta')) return undefined
        const file = JSON.stringify(fromBundle(outDir, args.path))
        const folder = JSON.stringify(fromBundle(outDir, dirname(args.path)))
        const contents = source
          .replace(/\bimport\.meta\.url\b/g, `new URL(${file}, import.meta.url).href`)
          .replace(
            /\bimport\.meta\.dirname\b/g,
            `__bundlePath.fileURLToPath(new URL(${folder}, import.meta.url))`,
          )
          .replace(
            /\bimport\.meta\.filename\b/g,
            `__bundlePath.fileURLToPath(new URL(${file}, import.meta.url))`,
          )
        const needsPath = contents !== source && /__bundlePath\./.test(contents)
        return {
          contents: needsPath ? `import * as __bundlePath from 'node:url'\n${contents}` : contents,
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          resolveDir: dirname(args.path),
        }
      })
    },
  }
}

export async function buildServer(options: { outfile?: string } = {}): Promise<string> {
  const outfile = resolve(options.outfile ?? SERVER_BUNDLE)
  await build({
    absWorkingDir: ROOT,
    entryPoints: [resolve(ROOT, 'server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces need the mappings, not the sources: `--enable-source-maps` keeps the parsed
    // map in the heap for the life of the process (2.5 MB less without them).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [sourceLocations(dirname(outfile))],
  })
  return outfile
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outfile')
  const outfile = at >= 0 ? process.argv[at + 1] : undefined
  const built = await buildServer({ outfile })
  console.log(`server bundle: ${relative(process.cwd(), built)}`)
}
