import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { freePort, type ServerProcess, startServerProcess } from '../support/server-process.ts';

// A real server process on a database of its own (DATABASE_URL), as a load balancer would probe it.
let database: TestDatabase;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-ready-'));
  server = await startServerProcess({
    PORT: String(await freePort()),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SHUTDOWN_DRAIN_SECONDS: '3',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.allowConnections(true).catch(() => {});
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const probe = async (path: '/api/health' | '/api/ready') => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** GET /api/health through `agent`: its status, and whether it went on a connection the agent had kept open. */
function getHealth(agent: http.Agent) {
  return new Promise<{ status: number; sameConnection: boolean }>((resolve, reject) => {
    const request = http.get(`${server.url}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, sameConnection: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

/** Polls /api/ready until it answers `status` (its checks run at most once a second). */
async function readyBecomes(status: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await probe('/api/ready');
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('/api/health and /api/ready on a running server', () => {
  it('is ready when the database answers with every migration and the storage takes writes', async () => {
    expect(await probe('/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await readyBecomes(200)).toEqual({
      status: 200,
      body: { status: 'ready', failed: [], checks: { database: 'ok', migrations: 'ok', storage: 'ok' } },
    });
  });

  it('answers 503 naming the database while it is unreachable, stays alive, and is ready again when it is back', async () => {
    await database.allowConnections(false);
    const down = await readyBecomes(503);
    expect(down).toEqual({
      status: 503,
      body: { status: 'unavailable', failed: ['database', 'migrations'], checks: expect.any(Object) },
    });
    expect(down.body.checks).toEqual({ database: 'failed', migrations: 'unknown', storage: 'ok' });
    expect((await probe('/api/health')).status).toBe(200);
    await database.allowConnections(true);
    expect((await readyBecomes(200)).status).toBe(200);
  });

  it('answers 503 naming the migrations when the database lacks one this version ships', async () => {
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      const { rows } = await direct.query(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at',
      );
      expect((await readyBecomes(503)).body).toMatchObject({ failed: ['migrations'] });
      await direct.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        rows[0].hash,
        rows[0].created_at,
      ]);
      expect((await readyBecomes(200)).status).toBe(200);
    } finally {
      await direct.end();
    }
  });

  it('answers 503 naming the storage when the pictures folder cannot be written', async () => {
    const images = path.join(dataDir, 'images');
    rmSync(images, { recursive: true, force: true });
    writeFileSync(images, 'not a folder');
    expect((await readyBecomes(503)).body).toMatchObject({ failed: ['storage'], checks: { storage: 'failed' } });
    rmSync(images);
    mkdirSync(images);
    expect((await readyBecomes(200)).status).toBe(200);
  });

  it("keeps an idle connection open past Node's 5 s default, as a proxy in front expects (its own is 60 s)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await getHealth(agent)).toEqual({ status: 200, sameConnection: false });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await getHealth(agent)).toEqual({ status: 200, sameConnection: true });
    agent.destroy();
  }, 20_000);

  it('answers 503 from the moment SIGTERM arrives, serves meanwhile, and stops after SHUTDOWN_DRAIN_SECONDS', async () => {
    // An idle connection held open does not keep the server from stopping.
    const idle = new http.Agent({ keepAlive: true });
    expect((await getHealth(idle)).status).toBe(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const stopping = await readyBecomes(503);
    expect(stopping.body).toEqual({ status: 'unavailable', failed: ['stopping'], checks: {} });
    expect(Date.now() - signalled).toBeLessThan(1000);
    // Still serving while the load balancer drains it.
    expect((await probe('/api/health')).status).toBe(200);
    expect((await fetch(`${server.url}/api/booksCategory`)).status).toBe(200);
    expect(await server.exited()).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
    idle.destroy();
  });
});
