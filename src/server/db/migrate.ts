import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
