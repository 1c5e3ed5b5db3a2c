// Checks the import rules of STYLE.md §3 (run by `npm run lint`):
// 1. across slices only through the slice's index.ts; 2. index.ts holds named re-exports only;
// 3. platform / web lib / web components never import slices or the app;
// 4. contract imports only zod, @ts-rest/core and itself; web never imports #server or #db;
//    only server, scripts, tests (and db itself) import #db.
// 5. table ownership (issue 18): a server slice imports only its own db/schema/<slice>.ts (platform
//    only platform.ts, the payment sandbox only payments.ts); other slices' tables are reached through their index, or
//    read (never written) through one of the READ_MODELS below. A write (.insert/.update/.delete
//    or raw INSERT/UPDATE/DELETE) into another slice's table is reported wherever it appears.
// 6. Adapters (server/payment-sandbox, the payment provider's offline simulator, and
//    server/shipping-sandbox, the parcel carrier's offline simulator, server/vat-sandbox, the
//    VAT-id register's offline simulator) implement a
//    platform port: they import platform, contract and db, never a slice; only the composition
//    root (server/app.ts, server/jobs.ts) and tests import them, through their index.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const SOURCE_DIRS = ['contract', 'server', 'web', 'db', 'scripts', 'tests']
/** Adapters beside the platform: implementations of a platform port, not domain slices. */
const ADAPTERS = ['payment-sandbox', 'shipping-sandbox', 'vat-sandbox']
const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

type Location = { area: string; slice?: string; file: string }

/** Schema files not named after their owner: the platform's, the payment simulator's (psp_* tables). */
const SCHEMA_OWNER: Record<string, string> = { platform: 'platform', payments: 'payment-sandbox' }

/**
 * Read models: schema files other slices may read directly, for queries that join or filter
 * across slices in one statement. Reads only: every write goes through the owner's index.
 */
const READ_MODELS: Record<string, { readers: string[]; reason: string }> = {
  account: {
    readers: [
      'addresses',
      'backoffice',
      'campus',
      'catalog',
      'checkout',
      'credit-cards',
      'header',
      'orders',
      'reviews',
    ],
    reason:
      "the customer row's facts (type, light account, Campus status, name, e-mail) decide rules and join into many slices' queries",
  },
  addresses: {
    readers: ['backoffice', 'checkout', 'orders'],
    reason:
      "checkout's quote and the staff customer page read the address book joined with country names; an invoice needs the ISO code of its addresses' countries",
  },
  catalog: {
    readers: ['ads', 'cart', 'comparison', 'reviews', 'wishlist'],
    reason:
      'cart, wishlist, comparison and recommendations join their lines to products (price, stock, picture; the comparison also category and attributes); reviews join product name and state',
  },
  checkout: {
    readers: ['backoffice'],
    reason:
      'the staff voucher list sums redemptions per voucher and joins them to orders and customers',
  },
  orders: {
    readers: ['backoffice'],
    reason:
      "the staff order list filters and pages by the deliveries' overall status and the customer's name in SQL",
  },
  backoffice: {
    readers: ['campus'],
    reason: "the Campus review list shows the deciding staff member's e-mail in its join",
  },
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'migrations') return []
    if (statSync(path).isDirectory()) return walk(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** Where a project file lives: its area and, inside server/ and web/features/, its slice. */
function locate(file: string): Location {
  const rel = relative(ROOT, file).split('/')
  const [top, second, third] = rel
  if (top === 'server' && rel.length > 2) {
    if (second === 'platform') return { area: 'server/platform', slice: second, file }
    if (ADAPTERS.includes(second ?? '')) return { area: 'server/adapter', slice: second, file }
    return { area: 'server/slice', slice: second, file }
  }
  if (top === 'web' && second === 'features' && third)
    return { area: 'web/features', slice: third, file }
  if (top === 'web' && (second === 'lib' || second === 'components'))
    return { area: `web/${second}`, file }
  if (top === 'web' && second === 'app') return { area: 'web/app', file }
  return { area: top ?? '', file }
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#')) {
    const [alias, ...rest] = specifier.slice(1).split('/')
    return resolve(ROOT, alias ?? '', ...rest)
  }
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier)
  return undefined
}

/** Table names of every schema file: TypeScript export and SQL name, to its schema file. */
const tableSchema = new Map<string, string>()
const sqlTableSchema = new Map<string, string>()
for (const name of readdirSync(join(ROOT, 'db/schema'))) {
  if (name === 'index.ts' || !name.endsWith('.ts')) continue
  const source = readFileSync(join(ROOT, 'db/schema', name), 'utf8')
  for (const m of source.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)) {
    tableSchema.set(m[1] ?? '', name.replace(/\.ts$/, ''))
    sqlTableSchema.set(m[2] ?? '', name.replace(/\.ts$/, ''))
  }
}
const ownerOf = (schema: string) => SCHEMA_OWNER[schema] ?? schema

const problems: string[] = []
const report = (file: string, message: string) =>
  problems.push(`${relative(ROOT, file)}: ${message}`)

for (const file of SOURCE_DIRS.flatMap((dir) => walk(join(ROOT, dir)))) {
  const source = readFileSync(file, 'utf8')
  const here = locate(file)
  const isTest = /\.test\.tsx?$|\.spec\.ts$/.test(file)

  if (
    relative(ROOT, file).match(/^(server\/[^/]+|web\/features\/[^/]+)\/index\.ts$/) &&
    !relative(ROOT, file).startsWith('server/platform')
  ) {
    const code = source
      .replace(/\/\/.*$/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/export\s+(type\s+)?\{[^}]*\}\s+from\s+['"][^'"]+['"]\s*;?/g, '')
      .trim()
    if (code) report(file, 'an index.ts holds named re-exports only (no export *, no logic)')
  }

  const sliceOfFile = here.area === 'server/platform' ? 'platform' : here.slice
  if (here.area.startsWith('server') && sliceOfFile && !isTest) {
    const writes = [
      ...[...source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)].map((m) => ({
        table: m[2] ?? '',
        schema: tableSchema.get(m[2] ?? ''),
      })),
      ...[...source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?\s/gi)].map(
        (m) => ({ table: m[1] ?? '', schema: sqlTableSchema.get(m[1] ?? '') }),
      ),
    ]
    for (const { table, schema } of writes) {
      if (schema && ownerOf(schema) !== sliceOfFile) {
        report(
          file,
          `writes ${table}, a table of ${ownerOf(schema)}: call the owner's function from its index.ts`,
        )
      }
    }
  }

  for (const match of source.matchAll(IMPORT)) {
    const isTypeOnly = Boolean(match[2])
    const specifier = match[3] ?? match[4] ?? match[5]
    if (!specifier) continue
    const target = resolveSpecifier(file, specifier)

    if (
      here.area === 'contract' &&
      !target &&
      !isTest &&
      !['zod', '@ts-rest/core'].includes(specifier)
    ) {
      report(file, `contract/ imports only zod, @ts-rest/core and itself (found ${specifier})`)
    }
    if (!target) continue
    const there = locate(target)

    // Table ownership: a slice imports only its own schema file (or a documented read model).
    const schemaFile = relative(ROOT, target).match(/^db\/schema\/([\w-]+)\.ts$/)?.[1]
    if (schemaFile && here.area.startsWith('server') && sliceOfFile && !isTest) {
      const owner = schemaFile === 'index' ? undefined : ownerOf(schemaFile)
      const isReadModel = READ_MODELS[schemaFile]?.readers.includes(sliceOfFile) ?? false
      if (owner !== sliceOfFile && !isReadModel) {
        report(
          file,
          `a slice imports only its own db/schema file (found ${specifier}): use the owner's index.ts or a READ_MODELS entry`,
        )
      }
    }

    if (here.area === 'contract' && there.area !== 'contract')
      report(file, `contract/ imports only itself (found ${specifier})`)
    if (here.area.startsWith('web') && (there.area.startsWith('server') || there.area === 'db')) {
      report(file, `web/ never imports server or db code (found ${specifier})`)
    }
    if (
      there.area === 'db' &&
      !['server', 'scripts', 'tests', 'db'].some((a) => here.area.startsWith(a))
    ) {
      report(file, `only server/, scripts/ and tests/ import #db (found ${specifier})`)
    }
    if (
      here.area === 'server/platform' &&
      (there.area === 'server/slice' || there.area === 'server/adapter') &&
      !isTest
    ) {
      report(file, `platform/ imports no slice or adapter (found ${specifier})`)
    }
    if (here.area === 'server/adapter' && there.area === 'server/slice' && !isTest)
      report(file, `an adapter imports no slice (found ${specifier})`)
    if (
      there.area === 'server/adapter' &&
      here.slice !== there.slice &&
      !isTest &&
      !['server', 'tests'].includes(here.area)
    ) {
      report(
        file,
        `only server/app.ts, server/jobs.ts and tests import an adapter (found ${specifier})`,
      )
    }
    if (
      (here.area === 'web/lib' || here.area === 'web/components') &&
      ['web/features', 'web/app'].includes(there.area)
    ) {
      report(file, `web/lib and web/components import no feature or app code (found ${specifier})`)
    }
    if (here.area === 'web/features' && there.area === 'web/app')
      report(file, `features never import web/app (found ${specifier})`)
    if (here.area.startsWith('server') && there.area.startsWith('web') && !isTypeOnly) {
      report(file, `server/ may import web/ types only (found ${specifier})`)
    }

    // Across slices: only through index.ts, imported by its alias.
    const crossSlice =
      there.slice !== undefined &&
      ['server/slice', 'server/adapter', 'web/features'].includes(there.area) &&
      !(here.area === there.area && here.slice === there.slice)
    // Stylesheets are composed by web/app/styles.ts, the one place that imports them all.
    if (crossSlice && !isTest && !target.endsWith('.css')) {
      const isIndex = target.endsWith('/index.ts')
      if (!isIndex)
        report(file, `other slices are reached through their index.ts only (found ${specifier})`)
      if (here.slice !== undefined && !specifier.startsWith('#')) {
        report(file, `import another slice by its alias, not a relative path (found ${specifier})`)
      }
    }
    const sameSlice =
      here.slice !== undefined && here.area === there.area && here.slice === there.slice
    if (sameSlice && specifier.startsWith('#'))
      report(file, `inside a slice, import relatively (found ${specifier})`)
  }
}

if (problems.length > 0) {
  console.error(`Slice rules broken (${problems.length}):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('slice rules: ok')
