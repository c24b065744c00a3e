# Caduceus with the Chromium its browser tools drive. Two stages: the first installs every dependency and builds
# dist/ (server and inspector); the second holds the production dependencies, the build and both stores' migrations.
# SQLite is the default store, in the /data volume; set DATABASE_URL to use PostgreSQL instead (see compose.yaml).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles its addon when no prebuilt binary matches the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# Dependencies first, so a change to the sources reuses this layer. `prepare` (the build) needs the sources, so
# install scripts wait; only the native addon needs one.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates \
  && rm -rf /var/lib/apt/lists/*
RUN useradd --system --create-home --home-dir /home/caduceus --shell /usr/sbin/nologin caduceus \
  && mkdir /data \
  && chown caduceus:caduceus /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/drizzle-pg ./drizzle-pg
# Listening beyond loopback needs an API key (CADUCEUS_API_KEY): the server refuses to start without one.
ENV NODE_ENV=production \
  CADUCEUS_HOST=0.0.0.0 \
  CADUCEUS_PORT=8080 \
  CADUCEUS_DB=/data/caduceus.db \
  CADUCEUS_BROWSER_EXECUTABLE=/usr/bin/chromium
USER caduceus
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
