import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrateJobQueue } from '#server/jobs/job-queue.ts';
import type { Database } from './client.ts';
import { syncVersionTriggers } from './version-triggers.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/** The advisory lock that servers starting on one database take in turn to migrate it (a one-key lock). */
const migrationLock = 7_321_000;

/**
 * Our tables (drizzle/) and the version triggers their schema declares, then the job queue's own. Servers that start together take turns, under an advisory lock
 * held on a connection of its own: drizzle's migrator takes no lock, and two running at once create the same
 * tables, so one fails. The others then find the migrations applied.
 */
export async function applyMigrations({ db, pool }: Database): Promise<void> {
  const lock = new pg.Client(pool.options);
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [migrationLock]);
    await migrate(db, { migrationsFolder });
    await syncVersionTriggers(db);
    await migrateJobQueue(pool);
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}
