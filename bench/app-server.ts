import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Child, ensurePortFree, runNodeScript, startNodeChild, waitForHttp } from './children.ts';
import { benchMetricsToken } from './metrics-scrape.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** Builds the web app once into `outDir` (the bench's own folder, so parallel builds elsewhere don't clash). */
export async function buildWeb(outDir: string): Promise<void> {
  await runNodeScript('vite build', [
    path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
}

export interface AppServer {
  url: string;
  child: Child;
}

/**
 * The server as the README starts it (`node src/server/index.ts`, default settings: request log at `info`, mail to
 * the development mailbox, a secret of its own in the data folder) on the bench's database instead of the demo
 * store, or with `logLevel` to compare. Three other settings: the bench books as fast as it can with a few hundred
 * buyers, so it measures capacity, not the per-user action limit, and each buyer may hold `maxOpenHolds` unpaid
 * bookings (MAX_OPEN_HOLDS, 3 by default), enough for the load; and it scrapes `/metrics` (METRICS_TOKEN).
 */
export async function startAppServer(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  webRoot: string;
  logLevel?: 'info' | 'warn';
  maxOpenHolds?: number;
}): Promise<AppServer> {
  await ensurePortFree(options.port);
  mkdirSync(options.dataDir, { recursive: true });
  const url = `http://127.0.0.1:${options.port}`;
  const child = startNodeChild(
    'the app server',
    [path.join(repoRoot, 'src/server/index.ts')],
    {
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      WEB_ROOT: options.webRoot,
      ACTION_RATE_LIMIT: 'off',
      MAX_OPEN_HOLDS: String(options.maxOpenHolds ?? 3),
      LOG_LEVEL: options.logLevel ?? 'info',
      // Scraped once after the load, as Prometheus would (bench/metrics-scrape.ts).
      METRICS_TOKEN: benchMetricsToken,
    },
    path.join(options.dataDir, 'server.log'),
  );
  await waitForHttp(child, `${url}/api/health`);
  return { url, child };
}
