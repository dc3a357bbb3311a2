# Duka's image (issue 27): the server as compiled JavaScript (apps/server/dist, npm run build)
# serving the built web app (apps/web/dist), as the unprivileged `node` user, on port 3000.
#
#   docker build -t duka .
#   docker run -p 3000:3000 -v duka-data:/data duka          one shop, embedded database in /data
#   docker compose up -d                                      a chain: docker-compose.yml
#
# docs/operations.md "Deploy" says what to set (DATABASE_URL, SESSION_SECRET, TRUST_PROXY…).

# ---- build: every dependency, then the web build and the server's compile -------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first: npm ci's layer is reused while no package.json and the lockfile change.
# npm ci needs every workspace's package.json (the root lists five).
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: the server's production dependencies and the two builds, nothing else ---------
FROM node:20-bookworm-slim AS runtime
# pg_dump for `backup` on PostgreSQL (Debian bookworm's client is 15, the compose file's server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Only @duka/server's dependencies (not the web app's, e2e's or bench's), without the dev ones:
# no tsx, esbuild, vite or drizzle-kit. sharp's Linux binaries come in its own npm packages.
# @duka/shared is bundled into dist; its workspace link stays, unused.
RUN npm ci --omit=dev --workspace @duka/server --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist

# The embedded database (no DATABASE_URL), its product photos and backups live in /data: mount
# a volume there. A chain on PostgreSQL sets DATABASE_URL, and UPLOAD_DIR and BACKUP_DIR to
# volumes every instance shares (docker-compose.yml: /uploads, /backups). The folders exist
# here, owned by `node`, because a new named volume takes the owner of the folder it covers.
RUN mkdir -p /data /uploads /backups && chown node:node /data /uploads /backups
ENV DATA_DIR=/data PORT=3000
VOLUME /data
USER node
EXPOSE 3000

# /api/health answers 200 once migrations have run. No curl in the slim image: node's fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# SIGTERM (docker stop, a deploy): the server stops taking requests, finishes those in flight,
# stops its jobs and closes the database. Give it time: docker stop --time / stop_grace_period.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
