import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { type Child, ensurePortFree, runNodeScript, startNodeChild, waitForHttp } from './children.ts';

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

let sink: Promise<string> | undefined;

/** A mail server on 127.0.0.1 that accepts and drops every message: production needs SMTP_URL. */
function mailSink(): Promise<string> {
  sink ??= new Promise((resolve, reject) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.unref();
      resolve(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
    });
  });
  return sink;
}

export interface AppServer {
  url: string;
  child: Child;
}

/** The production server (`node src/server/index.ts`) on the bench database; production never seeds demo data. */
export async function startAppServer(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  webRoot: string;
}): Promise<AppServer> {
  await ensurePortFree(options.port);
  const url = `http://127.0.0.1:${options.port}`;
  const child = startNodeChild('the app server', [path.join(repoRoot, 'src/server/index.ts')], {
    NODE_ENV: 'production',
    PORT: String(options.port),
    APP_URL: url,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    WEB_ROOT: options.webRoot,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SMTP_URL: await mailSink(),
    // The bench books as fast as it can with a few buyers; it measures capacity, not the per-user limit.
    ACTION_RATE_LIMIT: 'off',
    LOG_LEVEL: process.env.BENCH_APP_LOG_LEVEL ?? 'warn',
  });
  await waitForHttp(child, `${url}/api/health`);
  return { url, child };
}
