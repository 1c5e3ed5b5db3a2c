import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { contractRoutes } from './scripts/vite-plugins.ts'

export default defineConfig({
  plugins: [contractRoutes()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/fault/**/*.test.ts',
            'tests/multi/**/*.test.ts',
          ],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})
