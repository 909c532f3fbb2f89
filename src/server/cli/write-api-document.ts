import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createApp } from '#server/app.ts';
import { createDeps } from '#server/deps.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/http/logger.ts';

/**
 * Writes the API's OpenAPI document, exactly as GET /api/openapi.json answers it, to the file named by the first
 * argument: `npm run lint:api` lints it. The app is built on a pool that never connects.
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: node src/server/cli/write-api-document.ts <file.json>');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-api-document-'));
try {
  const env = readEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_ROOT: dataDir });
  const deps = createDeps({
    env,
    db: drizzle(new pg.Pool()),
    log: createLogger('silent'),
    dataDir,
    secret: 'x'.repeat(32),
  });
  const res = await createApp(deps).request('/api/openapi.json');
  if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(await res.json(), null, 2)}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
