# One image for both processes: `node dist/api/server.js` (default) or `node dist/worker/main.js`, each with the
# flags of scripts/node-flags.ts (test/unit/node-flags.test.ts checks the CMD carries them).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY api ./api
COPY domain ./domain
COPY workflows ./workflows
COPY activities ./activities
COPY worker ./worker
COPY scripts ./scripts
# The web console is built from its sources and the TypeScript SDK it runs on (scripts/build-console.ts).
COPY console ./console
COPY clients/typescript/src ./clients/typescript/src
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    WORKFLOW_BUNDLE_PATH=/app/dist/workflow-bundle.js \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Where api/routes/console.ts looks, relative to the compiled dist/api/routes/.
COPY --from=build /app/console/dist ./dist/console/dist
COPY package.json ./
USER node
EXPOSE 8080
CMD ["node", "--max-semi-space-size=32", "dist/api/server.js"]
