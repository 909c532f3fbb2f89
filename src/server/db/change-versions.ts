import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { type ChangeKind, changeVersions } from './schema/change-versions.ts';

/**
 * A version that grows when a transaction that changed what it covers commits (the triggers each table declares,
 * `changesVersion`): one small read, whichever server made the change. Several kinds are read together and
 * joined by dots (what a signed-in person's own lists show changes with any of the three).
 */
export async function readChangeVersion(db: Db, ...kinds: [ChangeKind, ...ChangeKind[]]): Promise<string> {
  const sums = kinds.map((kind) => sql`coalesce(sum(${changeVersions[kind]}), 0)`);
  const [row] = await db
    .select({ version: sql<string>`concat_ws('.', ${sql.join(sums, sql`, `)})` })
    .from(changeVersions);
  return row!.version;
}
