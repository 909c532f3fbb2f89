import { setTimeout as sleep } from 'node:timers/promises';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The handle a transaction's work gets; it runs queries as `Db` does. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where a query may run: the pool, or inside a transaction. */
export type Queryable = Db | Tx;

/** The SQLSTATE of a PostgreSQL error, whether or not Drizzle wrapped it. */
export function pgErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error && 'cause' in error && error.cause ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The constraint (or unique index) a PostgreSQL error names, whether or not Drizzle wrapped it. */
export function pgConstraint(error: unknown): string | undefined {
  const cause = error instanceof Error && 'cause' in error && error.cause ? error.cause : error;
  const constraint = (cause as { constraint?: unknown } | undefined)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

const deadlockDetected = '40P01';
const serializationFailure = '40001';
const maxAttempts = 5;

/**
 * Runs `work` as one transaction. When PostgreSQL aborts it to break a deadlock or a serialization conflict
 * (two clients racing), the whole transaction runs again, at most five times, after a short random pause:
 * the loser of a race gets the answer of the state the winner left, never a 500. Every state change goes
 * through here, or through `oneStatement` when one statement makes it; the lock order that keeps deadlocks
 * rare is in docs/ARCHITECTURE.md.
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return againOnConflict(() => db.transaction(work));
}

const dialect = new PgDialect();

/**
 * A change made by one statement (data-modifying `with` parts and all), which PostgreSQL runs as a transaction
 * of its own: one round trip instead of a transaction's three or more, retried as `inTransaction` retries. The
 * statement is built once, here: its values are `sql.placeholder(name)`s, filled at each call from `values` (a
 * booking's statement took 0.2 ms of the main thread to build at every call; ADR 036). It is a prepared statement
 * called `name`, parsed once on each connection and planned once when PostgreSQL judges its generic plan as good as
 * one made for the values.
 *
 *     const bookIt = oneStatement<{ id: string }, { bookId: string }>(
 *       'book-it', sql`update … where id = ${sql.placeholder('bookId')} returning id`);
 *     const { rows } = await bookIt(db, { bookId });
 */
export function oneStatement<Row extends Record<string, unknown>, Values extends Record<string, unknown>>(
  name: string,
  statement: SQL,
) {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return (db: Db, values: Values) =>
    againOnConflict(() => db.$client.query<Row>({ name, text, values: fillPlaceholders(params, values) }));
}

async function againOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const code = pgErrorCode(error);
      if (tries >= maxAttempts || (code !== deadlockDetected && code !== serializationFailure)) throw error;
      await sleep(Math.random() * 10 * tries);
    }
  }
}
