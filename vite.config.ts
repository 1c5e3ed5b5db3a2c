import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { contractRoutes, dropTsRestZodSchema } from './scripts/vite-plugins.ts'

export default defineConfig({
  plugins: [react(), contractRoutes(), dropTsRestZodSchema()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rollupOptions: {
      input: 'web/entry-client.tsx',
    },
  },
  server: { hmr: { port: 24678 } },
})
