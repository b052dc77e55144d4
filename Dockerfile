# The production image: the steps `npm run test:prod` runs in CI (no Docker daemon on our
# machines, so this file is not built there; see the README, "Run in production").
#   docker build -t brokerage .        docker compose up (compose.yaml: the app and PostgreSQL)

# 1. build: every dependency (vite, esbuild, tsx) and `npm run build` → /src/build
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. runtime: the build folder and its production dependencies only; no build step at start
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/brokerage
WORKDIR /app
COPY --from=build /src/build/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && mkdir -p /var/lib/brokerage && chown node:node /var/lib/brokerage
# the embedded database (PGlite) when DATABASE_URL is not set
VOLUME /var/lib/brokerage
USER node
EXPOSE 3000
# GET /healthz: the process answers (GET /readyz also checks the database)
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: requests in flight finish (SHUTDOWN_GRACE_MS), then the process exits
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
