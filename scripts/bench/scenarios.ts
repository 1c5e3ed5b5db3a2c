// The benchmark scenarios. Slices add theirs here (catalog listing, search, cart, ...).
import type { Scenario } from './harness.ts'

export const scenarios: Scenario[] = [
  {
    name: 'header data (guest)',
    target: { ratio: 0.5 },
    requests: () => [{ method: 'GET', path: '/api/header_data' }],
  },
]
