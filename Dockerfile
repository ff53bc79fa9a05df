# Turnpike in a container: the same build and start command as `npm ci && npm run build && node apps/server/dist/main.js`.
# Docker cannot run on the project's build machines, so this file is kept minimal and is not exercised by the tests.

# Build stage: better-sqlite3 ships prebuilt Node-API binaries, so no compiler is needed.
FROM node:24-bookworm AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

# Runtime stage: production dependencies, the server bundle and the built console only.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 SQLITE_PATH=/data/turnpike.db
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/console/dist ./apps/console/dist
VOLUME /data
EXPOSE 3000
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.js"]
