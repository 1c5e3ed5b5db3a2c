// Prints one line "N passed, N failed" over every test runner of `npm test` (vitest, Playwright).
// A gate that failed before the runners (lint, typecheck, build) counts as one failure.
import { existsSync, readFileSync } from 'node:fs'

const exitCode = Number(process.argv[2] ?? '0')
let passed = 0
let failed = 0

if (existsSync('test-results/vitest.json')) {
  const vitest = JSON.parse(readFileSync('test-results/vitest.json', 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
  }
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
}
if (existsSync('test-results/e2e.json')) {
  const e2e = JSON.parse(readFileSync('test-results/e2e.json', 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number }
  }
  passed += e2e.stats.expected + e2e.stats.flaky
  failed += e2e.stats.unexpected
}
if (exitCode !== 0 && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed`)
