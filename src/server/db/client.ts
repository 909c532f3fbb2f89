import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase;

export interface Database {
  db: Db;
  pool: pg.Pool;
}

// Dates come back as the 'YYYY-MM-DD' text they were stored as, never shifted by a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  return { db: drizzle(pool), pool };
}
