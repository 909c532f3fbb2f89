import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrateJobQueue } from '../jobs/job-queue.ts';
import type { Database } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/** Our tables (drizzle/), then the job queue's own. */
export async function applyMigrations({ db, pool }: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
  await migrateJobQueue(pool);
}
