// Contract fuzzing (issue 16): every operation of the OpenAPI document (GET /api/openapi.json)
// gets a few dozen malformed requests: wrong types, `true` and "123" for numbers, NUL bytes and
// lone surrogates in strings, numbers beyond int4/int8 and 1e308, very long strings, deep nesting,
// missing and extra fields, huge arrays, odd path and query values. Each request changes one thing
// of an otherwise plausible request, so the rest of it passes the contract and the hostile value
// travels as far as the schemas let it. Nothing may answer 5xx. The seed is fixed: every run
// sends the same requests.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { type Browser, createBrowser } from '#tests/support/client.ts'
import { registerCustomer } from './account-fixtures.ts'
import { insertStaffAccount, staffLogIn } from './staff-access.ts'

const SEED = 16_2026
/**
 * Requests per operation besides the plausible ones and the primary mutations (NUL and a lone
 * surrogate in every string, int4/int8 overflow, `true` and "123" in every number, odd path and
 * query values): a seeded sample of the other mutations. Bounds the run.
 */
const PER_OPERATION = 20
const CONCURRENCY = 4

type Schema = {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  nullable?: boolean
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  default?: unknown
}
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }
type Operation = {
  method: string
  path: string
  operationId: string
  parameters: Parameter[]
  body?: Schema
  responses: Record<string, unknown>
}
/** `anonymous`: plain fetch, no cookie jar (for hostile cookies). */
type Caller = 'guest' | 'customer' | 'staff' | 'anonymous'
type FuzzRequest = {
  op: Operation
  caller: Caller
  url: string
  body?: string | FormData
  contentType?: string
  headers?: Record<string, string>
  label: string
}

// --- Plausible values from the schema ------------------------------------------------------

let exampleSeed = SEED
function matching(pattern: string, maxLength = 40): string {
  exampleSeed += 1
  try {
    const [value] = fc.sample(fc.stringMatching(new RegExp(pattern), { size: 'xsmall' }), {
      seed: exampleSeed,
      numRuns: 1,
    })
    return (value ?? '').slice(0, maxLength)
  } catch {
    return 'x'
  }
}

/** A string the field's rules (probably) accept: by its name first, then by its schema. */
function exampleString(schema: Schema, name: string): string {
  const n = name.toLowerCase()
  if (schema.pattern) {
    if (schema.pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-03-14'
    return matching(schema.pattern, schema.maxLength)
  }
  if (schema.format === 'email' || n.includes('email')) return 'fuzz@example.de'
  if (n.includes('password')) return 'Blau-Tasse-42'
  if (n.includes('zip') || n.includes('postcode')) return '10115'
  if (n.includes('streetnumber') || n.includes('housenumber')) return '12'
  if (n.includes('street')) return 'Hauptstraße'
  if (n.includes('city')) return 'Berlin'
  if (n.includes('company')) return 'Fuzz Elektro GmbH'
  if (n.includes('name')) return 'Lena'
  if (n.includes('date') || n.includes('valid') || n === 'from' || n === 'to') return '2026-03-14'
  if (n.includes('code')) return '123456'
  if (n.includes('url') || n.includes('link')) return 'https://example.de/'
  const min = schema.minLength ?? 0
  const text = 'Test'.padEnd(Math.max(min, 4), 'x')
  return schema.maxLength !== undefined ? text.slice(0, Math.max(schema.maxLength, min)) : text
}

function example(schema: Schema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null
  if (schema.default !== undefined) return schema.default
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives?.[0]) return example(alternatives[0], name, depth + 1)
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => example(part, name, depth + 1)))
  }
  switch (schema.type) {
    case 'string':
      return exampleString(schema, name)
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1) <= (schema.maximum ?? Number.POSITIVE_INFINITY)
        ? Math.max(schema.minimum ?? 1, 1)
        : (schema.minimum ?? 0)
    case 'boolean':
      return true
    case 'array':
      return [example(schema.items, name, depth + 1)]
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          example(value, key, depth + 1),
        ]),
      )
    default:
      return schema.properties ? example({ ...schema, type: 'object' }, name, depth) : 'x'
  }
}

// --- Hostile values ------------------------------------------------------------------------

/** Marks a leaf whose value is written into the JSON text as is (1e309 parses to Infinity). */
const RAW = '__raw__'
const raw = (text: string) => `${RAW}${text}${RAW}`
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${RAW}(.*?)${RAW}"`, 'g'), '$1')
}

const NUMBER_VALUES: unknown[] = [
  2 ** 31,
  2 ** 63,
  true,
  '123',
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  raw('1e309'),
  raw('123456789012345678901234567890'),
  -1,
  0,
  1.5,
  '1e3',
  ' 12',
  '0x10',
  '12abc',
  'NaN',
  '\u0000',
  null,
  [],
  {},
  [1],
]
function stringValues(base: string): unknown[] {
  const values: unknown[] = [
    `${base}\u0000`,
    `${base}\ud800`,
    `\u0000${base}`,
    `\udfff${base}`,
    'x'.repeat(10_000),
    '',
    123,
    true,
    null,
    [],
    { $ne: '' },
    [base, base],
    `${base}💥`,
    '%00',
  ]
  if (/^\d{4}-\d{2}-\d{2}$/.test(base))
    values.unshift('2026-02-30', '2026-13-01', '0000-01-01', '9999-99-99', '+275760-09-13')
  return values
}
const BOOLEAN_VALUES: unknown[] = ['true', 1, 0, null, '\u0000', {}, []]

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`
}
function deepObject(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

/** Leaves of a JSON value as paths, with the value found there. */
function leaves(value: unknown, path: (string | number)[] = []): [(string | number)[], unknown][] {
  if (path.length > 4) return []
  if (Array.isArray(value)) {
    return [[path, value], ...value.slice(0, 1).flatMap((item, i) => leaves(item, [...path, i]))]
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
    return path.length === 0 ? entries : [[path, value], ...entries]
  }
  return [[path, value]]
}

function withValue(base: unknown, path: (string | number)[], value: unknown | typeof MISSING) {
  const copy = structuredClone(base) as Record<string | number, unknown>
  let target = copy
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>
  const last = path[path.length - 1] as string | number
  if (value === MISSING) delete target[last]
  else target[last] = value
  return copy
}
const MISSING = Symbol('missing')

/** How many of valuesFor(leaf)'s first values every request set includes. */
function primaryCount(leaf: unknown): number {
  if (typeof leaf === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(leaf) ? 3 : 2
  if (typeof leaf === 'number') return 4
  return 0
}

function valuesFor(leaf: unknown): unknown[] {
  if (typeof leaf === 'string') return [...stringValues(leaf), MISSING]
  if (typeof leaf === 'number') return [...NUMBER_VALUES, MISSING]
  if (typeof leaf === 'boolean') return [...BOOLEAN_VALUES, MISSING]
  if (Array.isArray(leaf)) {
    return [
      Array.from({ length: 20_000 }, () => leaf[0] ?? 1),
      [null],
      ['\u0000'],
      [2 ** 63],
      JSON.parse(deepArray(40)),
      {},
      'x',
      MISSING,
    ]
  }
  if (leaf && typeof leaf === 'object')
    return [deepObject(40), [], 'x', null, { ...leaf, extra: '\u0000' }, MISSING]
  return [123, 'x', '\u0000', MISSING]
}

/** The first three of each list are primary. */
const PATH_VALUES = [
  '2147483648',
  'a%00b',
  '1e3',
  '0',
  '-1',
  '9223372036854775808',
  '%2012',
  '0x10',
  '12abc',
  '1.5',
  'true',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%',
  '%F0%9F%92%A5',
  'x'.repeat(3000),
  '..%2F..%2Fetc%2Fpasswd',
]
const QUERY_VALUES = [
  ...PATH_VALUES,
  '',
  '2147483647',
  '99999999999999999999',
  '-9223372036854775809',
  '2026-02-30',
  '9999-99-99',
]

// --- Requests per operation ----------------------------------------------------------------

function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const op = raw as {
        operationId: string
        parameters?: Parameter[]
        requestBody?: { content: Record<string, { schema: Schema }> }
        responses: Record<string, unknown>
      }
      return {
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
        responses: op.responses,
      }
    }),
  )
}

function callerOf(op: Operation): Caller {
  if (op.path.startsWith('/api/staff/') && !op.path.startsWith('/api/staff/auth/')) return 'staff'
  return '401' in op.responses ? 'customer' : 'guest'
}

function urlOf(op: Operation, pathValues: Record<string, string>, query: [string, string][]) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '1')
  const search = query.map(([key, value]) => `${key}=${value}`).join('&')
  return search ? `${path}?${search}` : path
}

function multipartRequests(op: Operation, caller: Caller): FuzzRequest[] {
  const studentData = {
    firstName: 'Lena',
    lastName: 'Berger',
    birthDate: '2000-01-01',
    studentType: 1,
    studentSchool: 'TU Berlin',
    studentValidFrom: '2025-10-01',
    studentValidTo: '2027-09-30',
    studentAgb: true,
    address: {
      streetName: 'Hauptstraße',
      streetNumber: '1',
      zipCode: '10115',
      cityName: 'Berlin',
      countryId: 81,
    },
  }
  const forms: [string, FormData][] = []
  if (op.operationId === 'campus.registerByDocument') {
    const variants = leaves(studentData).flatMap(([path, leaf]) =>
      valuesFor(leaf)
        .slice(0, Math.max(primaryCount(leaf), 1))
        .map((value) => [path.join('.'), withValue(studentData, path, value)] as const),
    )
    for (const [label, data] of variants) {
      const form = new FormData()
      form.set('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'nachweis.pdf')
      form.set('studentData', toJson(data))
      forms.push([`multipart studentData.${label}`, form])
    }
    const broken = new FormData()
    broken.set('studentData', '{"firstName":')
    forms.push(['multipart broken studentData', broken])
  } else {
    for (const [name, value] of [
      ['university_id', '2147483648'],
      ['university_id', '9223372036854775808'],
      ['university_id', '1e3'],
      ['university_id', 'true'],
      ['university_id', '\u0000'],
      ['email', 'a\u0000@uni-berlin.de'],
      ['terms', '\u0000'],
    ] as const) {
      const form = new FormData()
      form.set('university_id', '1')
      form.set('email', 'fuzz@uni-berlin.de')
      form.set('terms', 'true')
      form.set(name, value)
      forms.push([`multipart ${name}=${JSON.stringify(value)}`, form])
    }
  }
  return forms.map(([label, form]) => ({ op, caller, url: urlOf(op, {}, []), body: form, label }))
}

function requestsFor(op: Operation, index: number): FuzzRequest[] {
  const caller = callerOf(op)
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  const basePath = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(String(example(p.schema, p.name)))]),
  )
  const baseQuery: [string, string][] = queryParams.map((p) => [
    p.name,
    encodeURIComponent(String(example(p.schema, p.name))),
  ])
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE'
  const baseBody = op.body ? example(op.body) : hasBody ? {} : undefined
  const json = (body: unknown) => (body === undefined ? undefined : toJson(body))
  const request = (
    label: string,
    parts: {
      path?: Record<string, string>
      query?: [string, string][]
      body?: string
      contentType?: string
      headers?: Record<string, string>
    } = {},
    who: Caller = caller,
  ): FuzzRequest => ({
    op,
    caller: who,
    url: urlOf(op, parts.path ?? basePath, parts.query ?? baseQuery),
    body: parts.body ?? json(baseBody),
    contentType: parts.contentType ?? (hasBody ? 'application/json' : undefined),
    headers: parts.headers,
    label,
  })

  const always = [request('plausible')]
  if (caller !== 'guest') always.push(request('plausible as guest', {}, 'guest'))

  const primary: FuzzRequest[] = []
  const candidates: FuzzRequest[] = []
  for (const param of pathParams) {
    PATH_VALUES.forEach((value, i) => {
      const path = { ...basePath, [param.name]: value }
      ;(i < 3 ? primary : candidates).push(request(`path ${param.name}=${value}`, { path }))
    })
  }
  for (const param of queryParams) {
    QUERY_VALUES.forEach((value, i) => {
      const query = baseQuery.map(([key, v]): [string, string] => [
        key,
        key === param.name ? value : v,
      ])
      ;(i < 3 ? primary : candidates).push(request(`query ${param.name}=${value}`, { query }))
    })
    candidates.push(
      request(`query ${param.name} twice`, { query: [...baseQuery, [param.name, '2']] }),
    )
  }
  candidates.push(request('query extra=%00', { query: [...baseQuery, ['extra', '%00']] }))
  for (const cookie of ['sid=%00; staff_sid=%ED%A0%80', `sid=${'x'.repeat(4000)}`]) {
    candidates.push(request(`cookie ${cookie.slice(0, 30)}`, { headers: { cookie } }, 'anonymous'))
  }
  if (hasBody) {
    const wholeBodies: [string, string, string?][] = [
      ['body empty', ''],
      ['body {}', '{}'],
      ['body []', '[]'],
      ['body null', 'null'],
      ['body "\\u0000"', '"\\u0000"'],
      ['body 123', '123'],
      ['body true', 'true'],
      ['body broken JSON', '{"a":'],
      ['body deep array 5000', deepArray(5000)],
      ['body deep object 40', toJson(deepObject(40))],
      ['body 300 kB', toJson({ ...(baseBody as object), pad: 'x'.repeat(300_000) })],
      ['body 100 kB field', toJson({ ...(baseBody as object), pad: 'x'.repeat(100_000) })],
      ['body __proto__', `{"__proto__":{"polluted":1},${json(baseBody)?.slice(1) ?? '}'}`],
      ['body as text/plain', json(baseBody) ?? '{}', 'text/plain'],
      ['body form-urlencoded', 'id=%00&quantity=2147483648', 'application/x-www-form-urlencoded'],
      ['body utf-16', json(baseBody) ?? '{}', 'application/json; charset=utf-16'],
      ['body multipart without boundary', json(baseBody) ?? '{}', 'multipart/form-data'],
      [
        'body multipart cut off',
        '--XyZ\r\nContent-Disposition: form-da',
        'multipart/form-data; boundary=XyZ',
      ],
    ]
    for (const [label, body, contentType] of wholeBodies)
      candidates.push(request(label, { body, contentType }))
    for (const [path, leaf] of leaves(baseBody)) {
      valuesFor(leaf).forEach((value, i) => {
        const shown = value === MISSING ? '(missing)' : toJson(value).slice(0, 40)
        const mutated = request(`body ${path.join('.')}=${shown}`, {
          body: json(withValue(baseBody, path, value)),
        })
        ;(i < primaryCount(leaf) ? primary : candidates).push(mutated)
      })
    }
  }
  const [chosen = []] = fc.sample(
    fc.shuffledSubarray(candidates, {
      minLength: Math.min(PER_OPERATION, candidates.length),
      maxLength: Math.min(PER_OPERATION, candidates.length),
    }),
    { seed: SEED + index, numRuns: 1 },
  )
  const multipart =
    op.operationId === 'campus.registerByDocument' || op.operationId === 'campus.registerByEmail'
      ? multipartRequests(op, caller)
      : []
  return [...always, ...primary, ...chosen, ...multipart]
}

// --- The run -------------------------------------------------------------------------------

let shop: TestApp
const browsers = {} as Record<Caller, Browser>

beforeAll(async () => {
  shop = await startTestApp()
  browsers.guest = createBrowser(shop.url)
  browsers.anonymous = {
    fetch: (path: string, init?: RequestInit) =>
      fetch(`${shop.url}${path}`, { ...init, redirect: 'manual' }),
  } as Browser
  browsers.customer = createBrowser(shop.url)
  await registerCustomer(browsers.customer)
  browsers.staff = createBrowser(shop.url)
  await staffLogIn(browsers.staff, await insertStaffAccount(shop.db, 'admin'))
})
afterAll(() => shop.close())

/** Calls that end or weaken a session go last, so the others still reach their validation. */
const LAST = /logout|expire-full-login/

type Outcome = { request: FuzzRequest; status: number; text: string }

async function send(request: FuzzRequest): Promise<Outcome> {
  const headers: Record<string, string> = { ...request.headers }
  if (request.contentType) headers['content-type'] = request.contentType
  try {
    const response = await browsers[request.caller].fetch(request.url, {
      method: request.op.method,
      headers,
      body: request.body,
    })
    const text = await response.text()
    return { request, status: response.status, text: text.slice(0, 300) }
  } catch (error) {
    // No answer at all (a reset, a crashed server) fails like a 5xx.
    return { request, status: 0, text: String(error) }
  }
}

it('answers every malformed request of every operation without a 5xx', {
  timeout: 180_000,
}, async () => {
  const response = await browsers.guest.fetch('/api/openapi.json')
  const doc = (await response.json()) as { paths: Record<string, Record<string, unknown>> }
  const operations = operationsOf(doc)
  expect(operations.length).toBeGreaterThan(130)

  const requests = operations.flatMap((op, index) => requestsFor(op, index))
  const first = requests.filter((r) => !LAST.test(r.op.path))
  const last = requests.filter((r) => LAST.test(r.op.path))
  const outcomes: Outcome[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < first.length) {
        const request = first[next++] as FuzzRequest
        outcomes.push(await send(request))
      }
    }),
  )
  for (const request of last) outcomes.push(await send(request))

  const failures = outcomes.filter((o) => o.status >= 500 || o.status === 0)
  const byStatus = new Map<number, number>()
  for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1)
  // Operations with input where no malformed request was refused as such: the fuzzing would not
  // have reached their validation (guards, rate limits).
  const withInput = operations.filter((op) => op.body || op.parameters.length > 0)
  const unreached = withInput.filter(
    (op) => !outcomes.some((o) => o.request.op === op && (o.status === 400 || o.status === 413)),
  )
  console.log(
    `contract fuzzing: ${outcomes.length} requests over ${operations.length} operations (seed ${SEED}); ` +
      `answers ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}; ` +
      `${failures.length} answers >= 500 or none; validation reached on ${withInput.length - unreached.length}/${withInput.length}` +
      (unreached.length ? ` (not: ${unreached.map((op) => op.operationId).join(', ')})` : ''),
  )
  const report = failures.map(
    (o) =>
      `${o.status} ${o.request.op.operationId} (${o.request.caller}) ${o.request.op.method} ${o.request.url.slice(0, 120)} ` +
      `[${o.request.label}] body=${typeof o.request.body === 'string' ? o.request.body.slice(0, 160) : o.request.body ? 'multipart' : '-'} -> ${o.text.slice(0, 120)}`,
  )
  expect(report, report.join('\n')).toEqual([])
  expect(unreached.map((op) => op.operationId)).toEqual([])
})
