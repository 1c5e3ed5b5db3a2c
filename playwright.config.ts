import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

// A port per checkout, so parallel worktrees never collide; E2E_PORT overrides it.
const hash = [...process.cwd()].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1000, 7)
const port = Number(process.env.E2E_PORT ?? 4100 + hash)
const baseURL = `http://127.0.0.1:${port}`
const debianChromium = '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 900 },
        launchOptions: {
          executablePath: existsSync(debianChromium) ? debianChromium : undefined,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npx tsx tests/support/e2e-server.ts',
    url: `${baseURL}/api/header_data`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      // Short full login so the soft-login flow can be tried within a test.
      FULL_LOGIN_SECONDS: process.env.E2E_FULL_LOGIN_SECONDS ?? '3600',
    },
  },
})
