import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '#server/db/embedded-location.ts';
import { runningPostgresPid } from '../support/server-process.ts';

// These prove the embedded database's start and stop, so they always use it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-restart-'));
chmodSync(dataDir, 0o755);
const port = 4300 + Math.floor(Math.random() * 500);
const pgDir = path.join(dataDir, 'pg');
const pidFile = path.join(pgDir, 'postmaster.pid');

function start(): ChildProcess {
  return spawn(process.execPath, ['src/server/index.ts'], {
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become healthy');
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function categoryCount(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/booksCategory`);
  return ((await res.json()) as unknown[]).length;
}

let running: ChildProcess | undefined;
afterAll(async () => {
  if (running && running.exitCode === null) {
    running.kill('SIGTERM');
    await exited(running);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the embedded database across restarts',
  { timeout: 120_000 },
  () => {
    it('starts on an empty folder, seeds once, and stops PostgreSQL cleanly on SIGTERM', async () => {
      running = start();
      await waitForHealth(running);
      expect(await categoryCount()).toBe(8);
      const pg = runningPostgresPid(pgDir);
      running.kill('SIGTERM');
      expect(await exited(running)).toBe(0);
      expect(isAlive(pg)).toBe(false);
      expect(existsSync(pidFile)).toBe(false);
    });

    it('recovers after the app was killed with SIGKILL and left PostgreSQL running', async () => {
      running = start();
      await waitForHealth(running);
      const orphan = runningPostgresPid(pgDir);
      running.kill('SIGKILL');
      await exited(running);
      expect(isAlive(orphan)).toBe(true);

      running = start();
      await waitForHealth(running);
      expect(isAlive(orphan)).toBe(false);
      expect(await categoryCount()).toBe(8);
    });

    it('recovers when both the app and PostgreSQL were killed and a stale postmaster.pid remains', async () => {
      const pg = runningPostgresPid(pgDir);
      running!.kill('SIGKILL');
      process.kill(pg, 'SIGKILL');
      await exited(running!);
      while (isAlive(pg)) await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(pidFile)).toBe(true);

      running = start();
      await waitForHealth(running);
      expect(await categoryCount()).toBe(8);
    });
  },
);
