import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { contractRoutes, dropTsRestZodSchema } from './scripts/vite-plugins.ts'

const ROUTER = resolve(import.meta.dirname, 'node_modules/react-router/dist/production')

export default defineConfig(({ command, isSsrBuild }) => {
  // The server bundle (`vite build --ssr`) with react-router's production build (issue 23):
  // the package exports only its development build (dev-only checks and warnings, ~5 % of a
  // server render's CPU). Bundled, so the alias holds at run time; its own dependencies come
  // along (react-router has its own `cookie`, another major than the project's). `npm run dev`,
  // the tests' Vite and the browser bundle are unchanged.
  const productionRouter = command === 'build' && isSsrBuild === true
  return {
    plugins: [react(), contractRoutes(), dropTsRestZodSchema()],
    publicDir: 'public',
    ...(productionRouter
      ? {
          resolve: {
            alias: [
              { find: /^react-router$/, replacement: `${ROUTER}/index.mjs` },
              { find: /^react-router\/dom$/, replacement: `${ROUTER}/dom-export.mjs` },
            ],
          },
          ssr: { noExternal: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] },
        }
      : {}),
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      sourcemap: true,
      rollupOptions: {
        // The page's first script (web/early.ts) is an entry of its own: no imports, loaded
        // ahead of the bundle.
        input: ['web/entry-client.tsx', 'web/early.ts'],
      },
    },
    server: { hmr: { port: 24678 } },
  }
})
