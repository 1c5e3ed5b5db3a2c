// The request log: one line per answer at the level its status asks for, with the request's id
// (the client's X-Request-Id when it looks like one, else a UUID made when something logs), and
// `req.log` carrying the same id for the handler's own lines.
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import express from 'express'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestLogger } from './log.ts'

const lines: Record<string, unknown>[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})

let base = ''
let server: ReturnType<express.Express['listen']>
beforeAll(async () => {
  const app = express()
  app.use(requestLogger(pino({ level: 'info', base: undefined }, sink)))
  app.get('/ok', (_req, res) => {
    res.json({ ok: true })
  })
  app.get('/missing', (req, res) => {
    req.log.info({ why: 'test' }, 'handler line')
    res.status(404).json({ id: req.id })
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
})

const linesFor = async (count: number) => {
  for (let tries = 0; tries < 100 && lines.length < count; tries++)
    await new Promise((resolve) => setImmediate(resolve))
  return lines.splice(0)
}

describe('request log', () => {
  it('writes nothing for a 2xx answer at info level', async () => {
    await fetch(`${base}/ok`)
    // The 404 that follows is logged; the 200 before it left no line.
    await fetch(`${base}/missing`, { headers: { 'x-request-id': 'req-00000001' } })
    const logged = await linesFor(2)
    expect(logged.map((line) => line.msg)).toEqual(['handler line', 'request completed'])
  })

  it("keeps the client's request id in the handler's lines and the request line", async () => {
    const answer = await fetch(`${base}/missing`, { headers: { 'x-request-id': 'abc-12345678' } })
    expect(await answer.json()).toEqual({ id: 'abc-12345678' })
    const logged = await linesFor(2)
    expect(logged.map((line) => (line.req as { id: string }).id)).toEqual([
      'abc-12345678',
      'abc-12345678',
    ])
    expect(logged[1]).toMatchObject({
      level: 30,
      res: { statusCode: 404 },
      msg: 'request completed',
    })
  })

  it('gives a request without a usable id a UUID of its own', async () => {
    const [first, second] = await Promise.all([
      fetch(`${base}/missing`, { headers: { 'x-request-id': 'bad id!' } }).then((r) => r.json()),
      fetch(`${base}/missing`).then((r) => r.json()),
    ])
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
    expect(first.id).toMatch(uuid)
    expect(second.id).toMatch(uuid)
    expect(first.id).not.toBe(second.id)
    await linesFor(4)
  })
})
