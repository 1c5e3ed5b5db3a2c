// The input guard (issue 16): unsafe characters and deep nesting in bodies, query and path
// answer 400 with the field's code; oversized bodies are refused before they are read (declared
// Content-Length) or as soon as the stream passes the limit, and the connection is closed so the
// rest is never read. The HTTP cases run against the real app through raw sockets, so the test
// sees how many bytes the client could send before the answer came.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerCustomer } from '#tests/api/account-fixtures.ts'
import { startTestApp, type TestApp } from '#tests/support/app.ts'
import { createBrowser } from '#tests/support/client.ts'
import { findInputProblem, MAX_JSON_DEPTH } from './input-guard.ts'

function nested(depth: number): unknown {
  let value: unknown = 'x'
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('findInputProblem', () => {
  it('finds NUL and lone surrogates in strings and keys, with the path', () => {
    expect(findInputProblem({ a: { b: ['ok', 'x\u0000y'] } })).toEqual({
      path: ['a', 'b', 1],
      code: 'invalid_characters',
    })
    expect(findInputProblem({ name: 'Lena\ud800' })?.code).toBe('invalid_characters')
    expect(findInputProblem({ name: '\udfffLena' })?.code).toBe('invalid_characters')
    expect(findInputProblem({ 'bad\u0000key': 1 })).toEqual({
      path: ['bad\u0000key'],
      code: 'invalid_characters',
    })
  })

  it('lets ordinary text through: umlauts, emoji (surrogate pairs), empty values', () => {
    expect(
      findInputProblem({ city: 'Köln', note: 'Danke 💥👍', n: 0, none: null, list: [] }),
    ).toBeUndefined()
    expect(findInputProblem(undefined)).toBeUndefined()
  })

  it('refuses nesting deeper than the limit, without recursion', () => {
    expect(findInputProblem(nested(MAX_JSON_DEPTH))).toBeUndefined()
    expect(findInputProblem(nested(MAX_JSON_DEPTH + 1))?.code).toBe('nesting_too_deep')
    expect(findInputProblem(nested(100_000))?.code).toBe('nesting_too_deep')
  })
})

// --- Over HTTP ---------------------------------------------------------------------------------

let shop: TestApp
let port: number
beforeAll(async () => {
  shop = await startTestApp()
  port = Number(new URL(shop.url).port)
})
afterAll(() => shop.close())

const MB = 1024 * 1024
/**
 * What a client may have written before the refusal reaches it: the limit plus what the loopback
 * socket buffers took meanwhile (a few MB; up to ~8.5 MB seen on a busy 2-core machine). Far
 * below the 40 MB sent, so a server that read on to the end still fails.
 */
const CUT_OFF_BEFORE = 16 * MB

type RawOutcome = {
  status: number
  text: string
  /** Body bytes the client had handed to the socket when the answer arrived. */
  sentBeforeAnswer: number
  /** The server closed the connection after its answer (it did not read on). */
  closed: boolean
}

/**
 * Sends `head` and then up to `total` body bytes (chunked or not), stopping as soon as the
 * server answers; waits up to 3 s for the server to close the connection.
 */
function rawRequest(
  head: string,
  body: { total: number; chunked: boolean; first?: string; fill?: string } | null,
): Promise<RawOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let response = ''
    let sent = 0
    let sentBeforeAnswer = -1
    let closed = false
    const answered = () => /^HTTP\/1\.1 \d{3}/.test(response) && response.includes('\r\n\r\n')
    const finish = () => {
      clearTimeout(deadline)
      const status = Number(response.slice(9, 12))
      resolve({
        status,
        text: response.slice(response.indexOf('\r\n\r\n') + 4),
        sentBeforeAnswer: sentBeforeAnswer < 0 ? sent : sentBeforeAnswer,
        closed,
      })
    }
    const deadline = setTimeout(() => {
      socket.destroy()
      if (answered()) finish()
      else reject(new Error(`no answer after ${sent} bytes`))
    }, 15_000)
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      response = received.toString('utf8')
      if (sentBeforeAnswer < 0 && answered()) sentBeforeAnswer = sent
    })
    const onGone = () => {
      if (closed) return
      closed = true
      if (answered()) finish()
    }
    socket.on('end', onGone)
    socket.on('close', onGone)
    socket.on('error', onGone)
    socket.on('connect', async () => {
      socket.write(head)
      if (!body) return
      const piece = Buffer.from((body.fill ?? 'x').repeat(64 * 1024))
      const frame = (data: Buffer) =>
        body.chunked
          ? Buffer.concat([
              Buffer.from(`${data.length.toString(16)}\r\n`),
              data,
              Buffer.from('\r\n'),
            ])
          : data
      if (body.first) {
        socket.write(frame(Buffer.from(body.first)))
        sent += body.first.length
      }
      while (sent < body.total && !answered() && !closed) {
        const ok = socket.write(frame(piece))
        sent += piece.length
        if (!ok) {
          await new Promise<void>((done) => {
            const step = () => done()
            socket.once('drain', step)
            socket.once('close', step)
            setTimeout(step, 200)
          })
        }
      }
    })
  })
}

function headOf(path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  )
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`
}

describe('bodies too large', () => {
  const FORTY_MB = 40 * MB

  it('refuses a declared 40 MB JSON body at once with 413 and closes: nothing is read', async () => {
    const outcome = await rawRequest(
      headOf('/cart/add/', { 'content-type': 'application/json', 'content-length': FORTY_MB }),
      null,
    )
    expect(outcome.status).toBe(413)
    expect(JSON.parse(outcome.text)).toEqual({
      code: 'payload_too_large',
      message: 'Die Anfrage ist zu groß.',
    })
    expect(outcome.closed).toBe(true)
  })

  it('refuses a declared 40 MB Campus upload and card form the same way, before multer', async () => {
    for (const path of ['/account/campus-program-registration', '/psp/card/check/abc']) {
      const outcome = await rawRequest(
        headOf(path, {
          'content-type': 'multipart/form-data; boundary=XyZ',
          'content-length': FORTY_MB,
        }),
        null,
      )
      expect(outcome.status, path).toBe(413)
      expect(outcome.closed, path).toBe(true)
    }
  })

  it('keeps the default JSON limit small (32 kB) and the Apple Pay token route larger', async () => {
    const big = await rawRequest(
      headOf('/api/newsletter/subscribe', {
        'content-type': 'application/json',
        'content-length': 40 * 1024,
      }),
      null,
    )
    expect(big.status).toBe(413)
    const response = await fetch(`${shop.url}/kasse/applepay/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentData: { data: 'x'.repeat(40 * 1024) } }),
    })
    expect(response.status).not.toBe(413)
  })

  it('cuts off a JSON stream without a declared length at the limit: 413, connection closed', async () => {
    const outcome = await rawRequest(
      headOf('/cart/add/', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }),
      { total: FORTY_MB, chunked: true, first: '{"id":1,"pad":"' },
    )
    expect(outcome.status).toBe(413)
    expect(outcome.closed).toBe(true)
    expect(outcome.sentBeforeAnswer).toBeLessThan(CUT_OFF_BEFORE)
  })

  it('cuts off a streamed Campus upload without a declared length at its limit and closes', async () => {
    const browser = createBrowser(shop.url)
    await registerCustomer(browser)
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const outcome = await rawRequest(
      headOf('/account/campus-program-registration', {
        'content-type': 'multipart/form-data; boundary=XyZ',
        'transfer-encoding': 'chunked',
        cookie,
      }),
      {
        total: FORTY_MB,
        chunked: true,
        first:
          '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="gross.pdf"\r\n' +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
      },
    )
    expect(outcome.status).toBe(413)
    expect(JSON.parse(outcome.text)).toMatchObject({ code: 'payload_too_large' })
    expect(outcome.closed).toBe(true)
    expect(outcome.sentBeforeAnswer).toBeLessThan(CUT_OFF_BEFORE)
  })

  it('cuts off a streamed card form of the payment sandbox the same way', async () => {
    const outcome = await rawRequest(
      headOf('/psp/card/check/abc', {
        'content-type': 'multipart/form-data; boundary=XyZ',
        'transfer-encoding': 'chunked',
      }),
      {
        total: FORTY_MB,
        chunked: true,
        first: '--XyZ\r\nContent-Disposition: form-data; name="holder"\r\n\r\n',
      },
    )
    expect(outcome.status).toBe(413)
    expect(outcome.closed).toBe(true)
    expect(outcome.sentBeforeAnswer).toBeLessThan(CUT_OFF_BEFORE)
  })

  it('closes instead of reading on when it answers before the body arrived (guest upload: 401)', async () => {
    const outcome = await rawRequest(
      headOf('/account/campus-program-registration', {
        'content-type': 'multipart/form-data; boundary=XyZ',
        'transfer-encoding': 'chunked',
      }),
      { total: FORTY_MB, chunked: true },
    )
    expect(outcome.status).toBe(401)
    expect(outcome.closed).toBe(true)
    expect(outcome.sentBeforeAnswer).toBeLessThan(CUT_OFF_BEFORE)
  })
})

describe('unsafe characters and nesting over HTTP', () => {
  const post = (path: string, body: string) =>
    fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })

  it('answers NUL and lone surrogates in a body with 400 and the field', async () => {
    for (const email of ['kunde\u0000@example.de', 'kunde\ud800@example.de']) {
      const response = await post('/auth/login', JSON.stringify({ email, password: 'Geheim-1' }))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        code: 'validation_failed',
        message: 'Bitte überprüfe deine Eingaben.',
        fields: { email: 'invalid_characters' },
        errors: [{ field: 'email', message: 'Die Eingabe enthält ungültige Zeichen.' }],
      })
    }
  })

  it('answers NUL in the query and in the path with 400', async () => {
    const query = await fetch(`${shop.url}/api/catalog/suggestions?query=ab%00c`)
    expect(query.status).toBe(400)
    expect(await query.json()).toMatchObject({ fields: { 'query.query': 'invalid_characters' } })
    const path = await fetch(`${shop.url}/api/pineberry/a%00b`)
    expect(path.status).toBe(400)
    expect(await path.json()).toMatchObject({ fields: { params: 'invalid_characters' } })
  })

  it('answers JSON nested deeper than 32 levels with 400 nesting_too_deep', async () => {
    const deep = await post('/cart/add/', JSON.stringify({ id: 1, extra: nested(40) }))
    expect(deep.status).toBe(400)
    expect(await deep.json()).toMatchObject({ errors: [{ code: 'nesting_too_deep' }] })
    const veryDeep = await post('/cart/add/', `${'['.repeat(10_000)}${']'.repeat(10_000)}`)
    expect(veryDeep.status).toBe(400)
  })
})
