import { getTableName, sql } from 'drizzle-orm';
import { bigint, type PgColumn, type PgTable, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * Versions of what this process caches (public lists, signed-in sessions and answers): each is the sum of its
 * column over the slots, and only grows. A trigger adds one at commit of every transaction that changed what the
 * cache holds; each connection bumps its own slot so writers rarely wait. See ADR 007 and ADR 012.
 */
export const changeVersions = pgTable('change_versions', {
  slot: smallint('slot').primaryKey(),
  /** Books, categories, and the sellers' names, emails and verification the lists show. */
  catalog: bigint('catalog', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Sessions changed or ended, users added, changed or deleted. */
  accounts: bigint('accounts', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Bookings, payments and refunds; notifications and Wanted lists (a person's own data, ADR 012). */
  orders: bigint('orders', { mode: 'bigint' }).notNull().default(sql`0`),
});

export type ChangeKind = Exclude<keyof typeof changeVersions.$inferSelect, 'slot'>;

type RowEvent = 'insert' | 'update' | 'delete';

/** A table whose changes grow a version: the trigger `syncVersionTriggers` (db/version-triggers.ts) keeps in place. */
export interface VersionTrigger {
  table: string;
  kind: ChangeKind;
  /** The row changes that count (all three unless told). */
  on: RowEvent[];
  /** Only an update of these columns counts (any column unless told). */
  columns: string[];
}

const declared: VersionTrigger[] = [];

/**
 * Declares, beside a table's definition, that a cache keyed on `kind` shows its rows: every committed change to
 * it grows that version. Declared here, the trigger is made by `syncVersionTriggers` at migration; a table a
 * signed-in answer reads without one fails the authorization matrix's suite.
 */
export function changesVersion(
  table: PgTable,
  kind: ChangeKind,
  options: { on?: RowEvent[]; columns?: PgColumn[] } = {},
): void {
  declared.push({
    table: getTableName(table),
    kind,
    on: options.on ?? ['insert', 'update', 'delete'],
    columns: (options.columns ?? []).map((column) => column.name),
  });
}

/** Every declaration made by the schema modules loaded so far (`declaredVersionTriggers` loads them all). */
export const declarationsMadeSoFar = (): readonly VersionTrigger[] => declared;
