# One Dockerfile, one target per tier:
#   docker build --target api -t pawbridge-api .
#   docker build --target bff -t pawbridge-bff .
#   docker build --target web -t pawbridge-web .
# The api and bff run TypeScript through tsx (see docs/decisions/0001-foundations.md).

FROM node:24-slim AS deps
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY bff/package.json bff/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund

FROM deps AS build-web
COPY shared shared
COPY web web
RUN npm run build -w @pawbridge/web

FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY shared shared

FROM runtime AS api
COPY api api
ENV API_HOST=0.0.0.0 API_PORT=8080 DATA_DIR=/data
VOLUME /data
EXPOSE 8080
USER node
CMD ["node", "--import", "tsx", "api/src/server.ts"]

FROM runtime AS bff
COPY bff bff
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
USER node
CMD ["node", "--import", "tsx", "bff/src/server.ts"]

# Static SPA behind a small server (nginx); /api, /uploads, /ws and /docs go to the bff service.
FROM nginx:1.29-alpine AS web
COPY --from=build-web /app/web/dist /usr/share/nginx/html
COPY web/nginx.conf /etc/nginx/conf.d/default.conf
EXPOSE 80
