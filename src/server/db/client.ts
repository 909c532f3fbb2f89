import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
}

// Dates come back as the 'YYYY-MM-DD' text they were stored as, never shifted by a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function connect(
  url: string,
  max = 10,
  options: Omit<pg.PoolConfig, 'connectionString' | 'max'> = {},
): Database {
  const pool = new pg.Pool({ ...options, connectionString: url, max });
  // A client that lost its connection (idle in the pool, or checked out by the job queue) is replaced on
  // next use; without these handlers the error would end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: drizzle(pool), pool };
}
