import path from 'node:path';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/http/logger.ts';
import { connect, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { applyMigrations } from './migrate.ts';

export interface OpenDatabase extends Database {
  embedded: boolean;
  /** DATABASE_REPLICA_URL's server, when there is one (db/read-replica.ts reads from it). */
  replica?: Database;
  close(): Promise<void>;
}

/**
 * A replica that stops answering must cost a read little time before it goes to the primary: a connection
 * that cannot be made in 2 s, or a query with no answer in 5 s (public reads take milliseconds), counts as down.
 */
const replicaTimeouts = { connectionTimeoutMillis: 2_000, query_timeout: 5_000, keepAlive: true };

/**
 * Connects to DATABASE_URL, or starts the embedded server under DATA_DIR, and applies migrations; connects to
 * DATABASE_REPLICA_URL too when it is set (lazily: the first read opens the connection).
 */
export async function openDatabase(env: Env, log: Logger): Promise<OpenDatabase> {
  const server = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(path.resolve(env.DATA_DIR), (line) => log.debug(line, { source: 'postgres' }));
  const { db, pool } = connect(env.DATABASE_URL ?? server!.url, 20);
  await applyMigrations({ db, pool });
  const replica = env.DATABASE_REPLICA_URL ? connect(env.DATABASE_REPLICA_URL, 10, replicaTimeouts) : undefined;
  return {
    db,
    pool,
    embedded: Boolean(server),
    replica,
    async close() {
      await replica?.pool.end();
      await pool.end();
      await server?.stop();
    },
  };
}
