# The app in one image: the built client and the compiled server (dist/), production
# dependencies only, running as the unprivileged `node` user. Files live in DATA_DIR=/data
# (mount a volume there). docker-compose.yml shows the variables production needs.

# 1. Build: every dependency, then the client (vite) and the server (esbuild -> dist/server).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no TypeScript, vite, tsx, test tools).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Runtime: compiled JavaScript, node_modules of production, a non-root user.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# First superadmin: set SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD for the first start, or run
#   docker compose exec app node dist/server/create-superadmin.js --email <address>
CMD ["node", "dist/server/main.js"]
