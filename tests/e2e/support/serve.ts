import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEnv } from '../../../src/server/env.ts';
import { startServer } from '../../../src/server/server.ts';

// The real server on a fresh embedded database (seeded with the demo catalogue) for one browser run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-e2e-'));
chmodSync(dataDir, 0o755);
const server = await startServer(readEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir }));
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
