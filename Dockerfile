# One Dockerfile, one runtime target per tier (docs/decisions/0022-containers-and-storage.md):
#   docker build --target api -t pawbridge-api .
#   docker build --target bff -t pawbridge-bff .
#   docker build --target web -t pawbridge-web .
# Everything comes from a clean checkout and the npm registry. The api and bff run TypeScript
# through tsx (decision 0001), so tsx is one of their runtime dependencies.
# No docker on the build machines: `npm run check:docker` runs these stages' steps in a clean
# directory and lints this file (scripts/check-docker/).

FROM node:24.21.0-slim AS base
WORKDIR /app
# onnxruntime-node's install script would fetch binaries from outside the npm registry;
# its npm package already ships the CPU binaries (.npmrc says the same, decision 0006).
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
# The lock names every workspace, so every manifest is copied (sources come later, per target).
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY server-kit/package.json server-kit/
COPY api/package.json api/
COPY bff/package.json bff/
COPY web/package.json web/

# ---- web: the SPA built with the web workspace's dev tools, then only its files are kept ----
# `npm run build` makes the client build (web/dist) and the server bundle the BFF renders the
# public pages with (web/dist-server/entry-server.js, self-contained: docs/decisions/0032).
FROM base AS build-web
RUN npm ci -w @pawbridge/web -w @pawbridge/shared
COPY tsconfig.base.json ./
COPY shared/src shared/src
COPY web web
RUN npm run build -w @pawbridge/web \
 && find web/dist web/dist-server -name '*.map' -delete

# ---- api: production dependencies of the api, shared and server-kit workspaces only ----
FROM base AS deps-api
# onnxruntime-node ships binaries for every platform: only this one's are kept (~250 MB less).
RUN npm ci --omit=dev -w @pawbridge/api -w @pawbridge/shared -w @pawbridge/server-kit \
 && find node_modules/onnxruntime-node/bin -mindepth 2 -maxdepth 2 -type d ! -name linux -exec rm -rf {} + \
 && find node_modules/onnxruntime-node/bin -mindepth 3 -maxdepth 3 -type d ! -name "$(node -p process.arch)" -exec rm -rf {} + \
 && find node_modules -name '*.map' -delete
COPY shared/src shared/src
COPY server-kit/src server-kit/src
COPY api/src api/src
RUN find api/src shared/src server-kit/src \( -name '*.test.ts' -o -name '*.test-*.ts' -o -name '*.suite.ts' -o -name '*.map' \) -delete \
 && rm -rf api/src/testing server-kit/src/testing \
 && mkdir -p data/uploads

# ---- bff: production dependencies of the bff, shared and server-kit workspaces only ----
FROM base AS deps-bff
RUN npm ci --omit=dev -w @pawbridge/bff -w @pawbridge/shared -w @pawbridge/server-kit \
 && find node_modules -name '*.map' -delete
COPY shared/src shared/src
COPY server-kit/src server-kit/src
COPY bff/src bff/src
RUN find bff/src shared/src server-kit/src \( -name '*.test.ts' -o -name '*.test-*.ts' -o -name '*.suite.ts' -o -name '*.map' \) -delete \
 && rm -rf bff/src/testing bff/src/fuzz server-kit/src/testing

# ---- runtime images ----
FROM node:24.21.0-slim AS api
WORKDIR /app
ENV NODE_ENV=production \
    API_HOST=0.0.0.0 \
    API_PORT=8080 \
    DASHBOARD_HOST=0.0.0.0 \
    DASHBOARD_PORT=9092 \
    DATA_DIR=/data \
    UPLOAD_DIR=/data/uploads \
    LOG_FORMAT=json
COPY --from=deps-api /app/package.json ./
COPY --from=deps-api /app/node_modules node_modules
COPY --from=deps-api /app/shared shared
COPY --from=deps-api /app/server-kit server-kit
COPY --from=deps-api /app/api api
# Owned by node so a fresh volume mounted here is writable (photos when STORAGE=disk).
COPY --from=deps-api --chown=node:node /app/data /data
VOLUME /data
EXPOSE 8080 9092
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.API_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "api/src/server.ts"]

FROM node:24.21.0-slim AS bff
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_FORMAT=json
COPY --from=deps-bff /app/package.json ./
COPY --from=deps-bff /app/node_modules node_modules
COPY --from=deps-bff /app/shared shared
COPY --from=deps-bff /app/server-kit server-kit
COPY --from=deps-bff /app/bff bff
# The public pages (/, /adopt, /adopt/:id, /shelter/:no, /community…) are rendered here: the server
# bundle, and the client build whose index.html, manifest and hashed names the first HTML links.
COPY --from=build-web /app/web/dist web/dist
COPY --from=build-web /app/web/dist-server web/dist-server
ENV WEB_DIST_DIR=/app/web/dist \
    SSR_BUNDLE=/app/web/dist-server/entry-server.js
EXPOSE 3000
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "bff/src/server.ts"]

# The static SPA (hashed assets cached for a year, index.html revalidated, gzip copies served
# as they are) as the unprivileged `nginx` user. The load balancer (deploy/nginx/pawbridge.conf)
# sends the server paths (/api, /uploads, /ws, socket.io…) to the BFFs and everything else here.
FROM nginx:1.29.3-alpine AS web
COPY web/nginx.conf /etc/nginx/nginx.conf
COPY --from=build-web /app/web/dist /usr/share/nginx/html
EXPOSE 80
USER nginx
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/healthz"]
CMD ["nginx", "-g", "daemon off;"]
