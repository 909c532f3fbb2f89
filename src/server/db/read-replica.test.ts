import { connect as connectSocket, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import type { Logger } from '#server/http/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { readChangeVersion } from './change-versions.ts';
import { connect, type Database, type Db } from './client.ts';
import { replicaReads } from './read-replica.ts';

/**
 * A "replica" on a TCP port that either drops every connection (down) or passes it to the test database (up),
 * counting the connections it was asked for.
 */
async function replicaStandIn(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const host = decodeURIComponent(target.hostname);
  const port = Number(target.port || 5432);
  const state = { up: false, connections: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    state.connections += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (!state.up) return client.destroy();
    const upstream = host.startsWith('/') ? connectSocket(`${host}/.s.PGSQL.${port}`) : connectSocket(port, host);
    client.pipe(upstream).pipe(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const listening = (server.address() as { port: number }).port;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(listening);
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    state,
    url: url.toString(),
    /** Stops answering, as a stopped server does: open connections end, new ones are dropped. */
    async goDown() {
      state.up = false;
      dropAll();
      await new Promise((resolve) => setTimeout(resolve, 50));
      state.connections = 0;
    },
    close: () => {
      dropAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => void lines.push({ level, message });
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

let database: TestDatabase;
let standIn: Awaited<ReturnType<typeof replicaStandIn>>;
let replica: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await replicaStandIn(database.url);
  replica = connect(standIn.url, 5, { connectionTimeoutMillis: 2_000 });
});
afterAll(async () => {
  await replica?.pool.end();
  await standIn?.close();
  await database?.drop();
});

/** Which database a read was made on. */
const where = (primary: Db) => async (db: Db) => {
  await db.execute(sql`select 1`);
  return db === primary ? 'primary' : 'replica';
};

describe('reads on a replica', () => {
  it('go to the replica once it has replayed the version, and to the primary while it lags', async () => {
    standIn.state.up = true;
    const { log } = recordingLog();
    const reads = replicaReads({ primary: database.db, replica: replica.db, log });
    const version = await readChangeVersion(database.db, 'catalog');
    expect(await reads.readAt(version, where(database.db))).toBe('replica');
    // The primary shows a version the replica has not reached yet.
    expect(await reads.readAt(String(BigInt(version) + 1n), where(database.db))).toBe('primary');
  });

  it('run again on the primary a read the replica refuses (as a migration it has not replayed), with no rest', async () => {
    standIn.state.up = true;
    const { log, lines } = recordingLog();
    const reads = replicaReads({ primary: database.db, replica: replica.db, log });
    const version = await readChangeVersion(database.db, 'catalog');
    const missingOnReplica = async (db: Db) => {
      if (db !== database.db) await db.execute(sql`select no_such_column from books`);
      return where(database.db)(db);
    };
    expect(await reads.readAt(version, missingOnReplica)).toBe('primary');
    expect(await reads.readAt(version, where(database.db))).toBe('replica');
    expect(lines).toEqual([]);
  });

  it('go to the primary when the replica does not answer, which then rests, is tried by one read, and comes back', async () => {
    const { log, lines } = recordingLog();
    const reads = replicaReads({ primary: database.db, replica: replica.db, log, restMs: 300 });
    const version = await readChangeVersion(database.db, 'catalog');
    await standIn.goDown();

    expect(await reads.readAt(version, where(database.db))).toBe('primary');
    expect(standIn.state.connections).toBe(1);
    // Resting: the replica is not asked at all.
    const during = await Promise.all(Array.from({ length: 5 }, () => reads.readAt(version, where(database.db))));
    expect(during).toEqual(Array(5).fill('primary'));
    expect(standIn.state.connections).toBe(1);

    // After the rest one read tries it (the others meanwhile stay on the primary); still down: no second warning.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const afterRest = await Promise.all(Array.from({ length: 5 }, () => reads.readAt(version, where(database.db))));
    expect(afterRest).toEqual(Array(5).fill('primary'));
    expect(standIn.state.connections).toBe(2);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);

    standIn.state.up = true;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await reads.readAt(version, where(database.db))).toBe('replica');
    expect(await reads.readAt(version, where(database.db))).toBe('replica');
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
  });
});

describe('DATABASE_REPLICA_URL', () => {
  it('is a replica of the server DATABASE_URL names, so it needs that', () => {
    expect(() => readEnv({ DATABASE_REPLICA_URL: 'postgres://reader@replica.example/shop' })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    expect(() =>
      readEnv({ DATABASE_URL: 'postgres://app@primary.example/shop', DATABASE_REPLICA_URL: 'replica' }),
    ).toThrow(/DATABASE_REPLICA_URL/);
    const env = readEnv({
      DATABASE_URL: 'postgres://app@primary.example/shop',
      DATABASE_REPLICA_URL: 'postgres://reader@replica.example/shop',
    });
    expect(env.DATABASE_REPLICA_URL).toBe('postgres://reader@replica.example/shop');
  });
});
