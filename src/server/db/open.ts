import path from 'node:path';
import type { Env } from '../env.ts';
import type { Logger } from '../http/logger.ts';
import { connect, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { applyMigrations } from './migrate.ts';

export interface OpenDatabase extends Database {
  embedded: boolean;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded server under DATA_DIR, and applies migrations. */
export async function openDatabase(env: Env, log: Logger): Promise<OpenDatabase> {
  const server = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(path.resolve(env.DATA_DIR), (line) => log.debug(line, { source: 'postgres' }));
  const { db, pool } = connect(env.DATABASE_URL ?? server!.url, 20);
  await applyMigrations({ db, pool });
  return {
    db,
    pool,
    embedded: Boolean(server),
    async close() {
      await pool.end();
      await server?.stop();
    },
  };
}
