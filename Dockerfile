# syntax=docker/dockerfile:1
# Samvad in one image: the Fastify server (run as TypeScript by Node 24, no server build) and the
# built web app it serves. See docs/deploy.md; deploy/verify-local.sh runs the same steps without
# Docker.
#
#   docker build -t samvad .
#   docker run --rm -p 3000:3000 -e SESSION_SECRET=… -e DATABASE_URL=postgres://… samvad

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then the web app (Vite) into apps/web/dist -------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the install layer is reused while only sources change. npm ci needs every
# workspace's package.json (the lockfile names them all), and the root postinstall script
# (scripts/complete-lockfile.mjs, Node built-ins only) must exist when npm runs it.
COPY package.json package-lock.json .npmrc ./
COPY scripts/complete-lockfile.mjs scripts/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: production dependencies of the server workspace only ----------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts/complete-lockfile.mjs scripts/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# @samvad/server's dependencies (with @samvad/contracts linked): no Vite, React, Playwright,
# drizzle-kit or test tools.
RUN npm ci --omit=dev --workspace=@samvad/server --no-audit --no-fund \
  && npm cache clean --force

# --- runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server; only /data is writable by it.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/contracts/src packages/contracts/src
COPY apps/server/package.json apps/server/
COPY apps/server/config apps/server/config
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: upload staging and, by default, the original documents (FILES_DIR=/data/files); the
# embedded database too when DATABASE_URL is not set. A volume mounted here (or at /data/files)
# starts out owned by the unprivileged `node` user (uid 1000) of the base image.
RUN mkdir -p /data/files && chown -R node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Ready = the database answers and every migration is applied. The first start may migrate.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains in-flight requests for up to 25 s: give the container 30 s.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/main.ts"]
