// The container, the systemd unit, `npm start`, the bench and the fault tests run the server bundle
// the same way: the node flags and environment of scripts/build-server.ts (issue 23: process memory).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './build-server.ts'

const ROOT = resolve(import.meta.dirname, '..')

describe('how the server bundle is started', () => {
  it("the Dockerfile's CMD and ENV carry the flags and the environment", () => {
    const dockerfile = readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8')
    const cmd = JSON.parse(dockerfile.match(/^CMD (\[.*\])$/m)?.[1] ?? '[]') as string[]
    expect(cmd).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/node/main.js'])
    const env = dockerfile.match(/^ENV (.*)$/m)?.[1] ?? ''
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(env).toContain(`${name}=${value}`)
  })

  it('the systemd unit runs the bundle with them', () => {
    const unit = readFileSync(resolve(ROOT, 'deploy/bitwerk.service'), 'utf8')
    const exec = unit.match(/^ExecStart=(.*)$/m)?.[1]?.split(' ') ?? []
    expect(exec).toEqual(['/usr/bin/node', ...SERVER_NODE_FLAGS, 'dist/node/main.js'])
    const env = [...unit.matchAll(/^Environment=(.*)$/gm)].flatMap((m) => m[1]?.split(' ') ?? [])
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(env).toContain(`${name}=${value}`)
  })

  it('npm start runs the bundle with them', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`)
    expect(pkg.scripts.start).toBe(
      `npm run build && ${[...env, 'node', ...SERVER_NODE_FLAGS, 'dist/node/main.js'].join(' ')}`,
    )
  })
})
