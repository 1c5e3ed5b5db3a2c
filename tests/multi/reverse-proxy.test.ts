// Many instances behind the reverse proxy (issue 23): the proxy configuration that
// docker-compose.yml mounts (deploy/nginx.conf) run by a real nginx in front of two real server
// processes on one database. Docker is not needed: only the two lines that name Docker's DNS
// (`resolver`, `server shop:3000 resolve`) and the listen port are swapped for the two local
// processes; every other line is the file as shipped, so a change to it is tested here.
// Proves: requests are spread over both processes without sticky sessions (a shopper's session
// and cart hold whichever process answers), the client address the shop sees is the one nginx
// sets (a client's own X-Forwarded-For is ignored, so a login limit cannot be dodged), and a
// process stopped with SIGTERM leaves the shop answering through the other.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type Db } from '#db/client.ts'
import { PASSWORD, registerCustomer } from '#tests/api/account-fixtures.ts'
import { findProduct } from '#tests/api/checkout-support.ts'
import { createBrowser } from '#tests/support/client.ts'
import {
  buildServerBundle,
  type ServerProcess,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { cloneTemplate } from '#tests/support/template.ts'

const NGINX = '/usr/sbin/nginx'
const CONF = resolve(import.meta.dirname, '../../deploy/nginx.conf')

let bundle: Awaited<ReturnType<typeof buildServerBundle>>
let a: ServerProcess
let b: ServerProcess
let db: Db
let closeDb: () => Promise<void>
let nginx: ChildProcess
let folder: string
let proxyUrl: string

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}

/** deploy/nginx.conf with Docker's DNS names swapped for local processes; nothing else changed. */
function localConfig(shipped: string, upstreams: number[], port: number, dir: string) {
  const swap = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/nginx.conf no longer has ${from}`)
    return text.replace(from, to)
  }
  let conf = swap(shipped, /^\s*resolver [^;]+;\n/m, '')
  conf = swap(
    conf,
    /^(\s*)server shop:3000 resolve ([^;]*);$/m,
    upstreams.map((upstream) => `$1server 127.0.0.1:${upstream} $2;`).join('\n'),
  )
  conf = swap(conf, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
  // A private prefix for what nginx writes (pid, logs, temp files); the shipped file names none.
  conf = swap(conf, /^worker_processes auto;$/m, `worker_processes 1;\npid ${dir}/nginx.pid;`)
  return swap(
    conf,
    /^http \{$/m,
    [
      'http {',
      // Which process answered each request, for the test to read.
      "  log_format upstream '$upstream_addr $request_uri';",
      `  access_log ${dir}/access.log upstream;`,
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
    ].join('\n'),
  )
}

/** Debian's nginx (`.ci/run` installs it); without it these cases are skipped, as the README says. */
const hasNginx = existsSync(NGINX)

beforeAll(async () => {
  if (!hasNginx) return
  const [built, databaseUrl] = await Promise.all([
    buildServerBundle(),
    cloneTemplate(inject('dbAdminUrl'), inject('dbTemplate'), 'proxy'),
  ])
  bundle = built
  ;({ db, close: closeDb } = createDb(databaseUrl, { max: 2 }))
  const start = () =>
    startServerProcess({ bundle: bundle.file, databaseUrl, env: { TRUST_PROXY: '1' } })
  ;[a, b] = await Promise.all([start(), start()])

  folder = await mkdtemp(join(tmpdir(), 'shop-nginx-'))
  await mkdir(join(folder, 'logs'))
  const port = await freePort()
  const conf = join(folder, 'nginx.conf')
  await writeFile(conf, localConfig(await readFile(CONF, 'utf8'), [a.port, b.port], port, folder))
  const global = `error_log ${folder}/error.log; daemon off;`
  // The configuration must pass nginx's own check first.
  execFileSync(NGINX, ['-t', '-q', '-p', folder, '-c', conf, '-g', global], { stdio: 'pipe' })
  nginx = spawn(NGINX, ['-p', folder, '-c', conf, '-g', global], { stdio: 'pipe' })
  proxyUrl = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries += 1) {
    const answer = await fetch(`${proxyUrl}/healthz`).catch(() => null)
    if (answer?.ok) break
    if (tries > 100) throw new Error('nginx did not answer')
    await new Promise((wait) => setTimeout(wait, 50))
  }
}, 120_000)

afterAll(async () => {
  nginx?.kill('SIGQUIT')
  await Promise.all([a?.close(), b?.close()])
  await closeDb?.()
  await bundle?.remove()
  if (folder) await rm(folder, { recursive: true, force: true })
})

/** The upstream addresses nginx sent requests for a path to, in order (its access log). */
async function upstreamsOf(path: string): Promise<string[]> {
  const log = await readFile(join(folder, 'access.log'), 'utf8')
  return log
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([, uri]) => uri?.startsWith(path))
    .map(([upstream]) => upstream ?? '')
}

describe.skipIf(!hasNginx)('two processes behind deploy/nginx.conf', () => {
  it('spreads a shopper over both processes; session and cart hold wherever a request lands', async () => {
    const shopper = createBrowser(proxyUrl)
    const { firstName } = await registerCustomer(shopper)
    const product = await findProduct(db)
    const before = (await upstreamsOf('/')).length
    for (let i = 0; i < 4; i += 1) {
      const added = await shopper.api.cart.addToCart({ body: { id: product.id, quantity: 1 } })
      expect(added.status).toBe(200)
      const header = await shopper.api.header.getHeaderData()
      expect(header.body).toMatchObject({ isLoggedIn: true, firstName, cartAmount: i + 1 })
    }
    // Round robin, no stickiness: both processes answered this one shopper.
    const answered = new Set((await upstreamsOf('/')).slice(before))
    expect([...answered].sort()).toEqual([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`].sort())
  })

  it("the shop sees nginx's client address: a forged X-Forwarded-For does not reset the login limit", async () => {
    const { email } = await registerCustomer(createBrowser(proxyUrl))
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      // Each try claims another address; nginx replaces the header with the real one.
      const attacker = createBrowser(proxyUrl, {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      })
      const answer = await attacker.api.account.login({
        body: { email, password: `Falsch-${i}x` },
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([422, 422, 422, 422, 403, 403])
    const right = await createBrowser(proxyUrl).api.account.login({
      body: { email, password: PASSWORD },
    })
    expect(right.body).toMatchObject({ code: 'login_blocked' })
  })

  it('a process stopped with SIGTERM leaves the shop answering through the other', async () => {
    b.signal('SIGTERM')
    const exit = await b.exited
    expect(exit.code).toBe(0)
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const navigation = await fetch(`${proxyUrl}/api/navigation_data`)
      statuses.push(navigation.status)
      const header = await fetch(`${proxyUrl}/api/header_data`)
      statuses.push(header.status)
    }
    expect(statuses, await readFile(join(folder, 'error.log'), 'utf8').catch(() => '')).toEqual(
      statuses.map(() => 200),
    )
  })
})
