declare module 'virtual:contract-routes' {
  import type { Contract } from '#contract/index.ts'
  /** The contract without its schemas (see scripts/vite-contract-routes.ts); typed as the real one. */
  export const routes: Contract
}
