// A chain of middleware behaves as the same middleware registered as separate layers: order,
// answers given inside, errors passed on, thrown and rejected, `next('route')`, and `below`'s
// prefix rule (segment boundary, any case).
import type { AddressInfo } from 'node:net'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { below, chain } from './chain.ts'

const mark =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    ;(req as unknown as { marks: string[] }).marks.push(name)
    next()
  }

const steps: RequestHandler[] = [
  (req, _res, next) => {
    ;(req as unknown as { marks: string[] }).marks = []
    next()
  },
  mark('a'),
  (req, res, next) => {
    if (req.query.answer === '1') return void res.json({ answered: 'inside' })
    if (req.query.fail === 'next') return next(new Error('passed on'))
    if (req.query.fail === 'throw') throw new Error('thrown')
    if (req.query.route === '1') return next('route')
    next()
  },
  async (req, _res, next) => {
    if (req.query.fail === 'reject') throw new Error('rejected')
    next()
  },
  below('/api/staff', mark('staff')),
  mark('b'),
]

const errors: ErrorRequestHandler = (error, _req, res, _next) => {
  res.status(500).json({ error: (error as Error).message })
}

async function serve(chained: boolean) {
  const app = express()
  app.set('query parser', 'simple')
  if (chained) app.use(chain(...steps))
  else for (const step of steps) app.use(step)
  app.use((req, res) => {
    res.json({ marks: (req as unknown as { marks: string[] }).marks, url: req.url })
  })
  app.use(errors)
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

let layers: Awaited<ReturnType<typeof serve>>
let chained: Awaited<ReturnType<typeof serve>>
beforeAll(async () => {
  layers = await serve(false)
  chained = await serve(true)
})
afterAll(() => {
  layers.server.close()
  chained.server.close()
})

const ask = async (base: string, path: string) => {
  const response = await fetch(base + path)
  return { status: response.status, body: await response.json() }
}

describe('chain', () => {
  it.each([
    ['/x', { marks: ['a', 'b'], url: '/x' }],
    ['/x?answer=1', { answered: 'inside' }],
    ['/x?route=1', { marks: ['a', 'b'], url: '/x?route=1' }],
    ['/api/staff/login', { marks: ['a', 'staff', 'b'], url: '/api/staff/login' }],
    ['/API/Staff', { marks: ['a', 'staff', 'b'], url: '/API/Staff' }],
    ['/api/staffing', { marks: ['a', 'b'], url: '/api/staffing' }],
  ])('%s answers as separate layers would', async (path, expected) => {
    const [plain, viaChain] = await Promise.all([ask(layers.base, path), ask(chained.base, path)])
    expect(viaChain).toEqual(plain)
    expect(viaChain).toEqual({ status: 200, body: expected })
  })

  it.each([
    ['next', 'passed on'],
    ['throw', 'thrown'],
    ['reject', 'rejected'],
  ])('an error (%s) reaches the error handler', async (fail, message) => {
    const path = `/x?fail=${fail}`
    const [plain, viaChain] = await Promise.all([ask(layers.base, path), ask(chained.base, path)])
    expect(viaChain).toEqual(plain)
    expect(viaChain).toEqual({ status: 500, body: { error: message } })
  })
})
