import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { changeVersions } from './schema/catalog.ts';

export type ChangeKind = 'catalog' | 'accounts' | 'orders';

/**
 * A version that grows when a transaction that changed what it covers commits (the triggers of migration
 * 0002): one small read, whichever server made the change.
 */
export async function readChangeVersion(db: Db, kind: ChangeKind): Promise<string> {
  const [row] = await db
    .select({ version: sql<string>`coalesce(sum(${changeVersions[kind]}), 0)::text` })
    .from(changeVersions);
  return row?.version ?? '0';
}

/** The three versions in one read: what a signed-in person's own lists may show changes with any of them. */
export async function readAllChangeVersions(db: Db): Promise<string> {
  const [row] = await db
    .select({
      version: sql<string>`concat_ws('.', coalesce(sum(${changeVersions.catalog}), 0), coalesce(sum(${changeVersions.accounts}), 0), coalesce(sum(${changeVersions.orders}), 0))`,
    })
    .from(changeVersions);
  return row?.version ?? '0.0.0';
}
