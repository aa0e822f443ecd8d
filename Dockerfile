# syntax=docker/dockerfile:1
# The Kade server image: the API, the live events and the built web app (shop and dashboard) in one process.
# Used by docker-compose.yml; runs anywhere a container runs with DATABASE_URL, REDIS_URL and JWT_SECRET.

# 1. Install exactly the locked dependencies of the server, the web app and the shared rules (not the
#    counter app's Electron), then build the web app and compile the server (server/dist: plain JavaScript with
#    the shared rules compiled in).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY shop-web/package.json shop-web/
COPY desktop/package.json desktop/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund --include-workspace-root \
      --workspace @kade/shared --workspace @kade/server --workspace @kade/shop-web
COPY shared shared
COPY server server
COPY shop-web shop-web
RUN npm run build --workspace @kade/shop-web && npm run build --workspace @kade/server

# 2. The server's production dependencies alone, from the same lock: npm ci for the server's workspace without
#    devDependencies, its own locked versions in server/node_modules included (p-limit 7 beside the root's 3).
#    None of them runs an install script (sharp's binary is a package of its own), and the workspace links go:
#    the shared rules are compiled into server/dist. server/test/image-contents.test.ts runs this install.
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY shop-web/package.json shop-web/
COPY desktop/package.json desktop/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @kade/server --ignore-scripts --no-audit --no-fund && rm -rf node_modules/@kade

# 3. What runs: the compiled server run by plain node, as `npm start` runs it (no TypeScript compiler or loader
#    in the process), the server's production dependencies and the built web app; no devDependencies, no
#    sources, no tests' output, no repository history.
FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# server/node-flags.json's environment (server/test/compiled.test.ts keeps them the same).
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/server/node_modules server/node_modules
COPY --from=build /app/server/package.json server/package.json
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/shop-web/package.json shop-web/package.json
COPY --from=build /app/shop-web/dist shop-web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The node flags are server/node-flags.json's (server/test/compiled.test.ts keeps them the same).
# SIGTERM (docker stop) drains the requests in flight, then closes the database.
CMD ["node", "--max-semi-space-size=8", "server/dist/main.js"]
