# The shop in production mode. `node` runs the server bundle directly as the container's main
# process (exec form, no npm/npx/tsx in between), so `docker stop` delivers SIGTERM to the server:
# it stops accepting, finishes the requests in flight (at most 10 s), closes the pool and exits 0.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# patch-package applies patches/ in npm ci's postinstall
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# Web bundles (dist/client, dist/server) and the server bundle (dist/node/main.js); the bundle
# reads db/migrations and a few data files from the source tree at run time, so it stays.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && mkdir -p /app/.data && chown node:node /app/.data
# MALLOC_ARENA_MAX and the V8 flags below: process memory (scripts/build-server.ts SERVER_NODE_FLAGS).
ENV NODE_ENV=production HOST=0.0.0.0 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "--heap-growing-percent=50", "dist/node/main.js"]
