// Vite plugin: `virtual:contract-routes` is the contract with its zod schemas stripped, so the
// browser's typed client knows every route (method, path, statuses) without shipping the schemas.
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core'
import type { Plugin } from 'vite'
import { contract } from '../contract/index.ts'

type Stripped = {
  [key: string]: Stripped | (Pick<AppRoute, 'method' | 'path'> & Record<string, unknown>)
}

export function stripContract(router: AppRouter): Stripped {
  return Object.fromEntries(
    Object.entries(router).map(([key, value]) => {
      if (!isAppRoute(value)) return [key, stripContract(value as AppRouter)]
      const route: Record<string, unknown> = {
        method: value.method,
        path: value.path,
        responses: Object.fromEntries(Object.keys(value.responses).map((status) => [status, null])),
      }
      if ('contentType' in value && value.contentType) route.contentType = value.contentType
      return [key, route]
    }),
  ) as Stripped
}

const ID = 'virtual:contract-routes'

export function contractRoutes(): Plugin {
  return {
    name: 'contract-routes',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) =>
      id === `\0${ID}`
        ? `export const routes = ${JSON.stringify(stripContract(contract))}`
        : undefined,
  }
}

/**
 * @ts-rest/core builds a zod schema (ZodErrorSchema) at module load, which keeps all of zod
 * (13 KB gzipped) in the browser's first bundle although the browser never uses it. Wrapping
 * that one statement in a pure IIFE lets the bundler drop it. Client builds only; the build
 * fails loudly if a new ts-rest version changes the statement.
 */
export function dropTsRestZodSchema(): Plugin {
  const start = 'const ZodErrorSchema = z.object({'
  const end = '.catchall(z.any())),\n});'
  return {
    name: 'drop-ts-rest-zod-schema',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !id.includes('@ts-rest/core/index.esm.mjs')) return undefined
      const from = code.indexOf(start)
      const to = code.indexOf(end, from)
      if (from < 0 || to < 0) this.error('@ts-rest/core changed: update dropTsRestZodSchema')
      const statement = code.slice(from + 'const ZodErrorSchema = '.length, to + end.length - 1)
      const replaced = `${code.slice(0, from)}const ZodErrorSchema = /* @__PURE__ */ (() => ${statement})();${code.slice(to + end.length)}`
      // Only one statement moves, within its own lines: the existing source map still fits.
      return { code: replaced, map: null }
    },
  }
}
