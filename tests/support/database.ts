import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '#server/db/client.ts';
import { templateDatabase, withDatabase } from './database-url.ts';

export interface TestDatabase extends Database {
  url: string;
  /** Lets the database take connections, or refuses them and ends the ones it has: the database is away. */
  allowConnections(allowed: boolean): Promise<void>;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file (copied from the template in milliseconds). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('databaseServerUrl');
  const name = `bookshelf_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const database = connect(url, 20);
  return {
    ...database,
    url,
    async allowConnections(allowed) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} with allow_connections ${allowed}`);
        if (!allowed)
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      } finally {
        await admin.end();
      }
    },
    async drop() {
      await database.pool.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
