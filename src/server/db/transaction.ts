import { setTimeout as sleep } from 'node:timers/promises';
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

const deadlockDetected = '40P01';
const serializationFailure = '40001';
const maxAttempts = 5;

/**
 * Runs `work` as one transaction. When PostgreSQL aborts it to break a deadlock or a serialization conflict
 * (two clients racing), the whole transaction runs again, at most five times, after a short random pause:
 * the loser of a race gets the answer of the state the winner left, never a 500. Every state change goes
 * through here; the lock order that keeps deadlocks rare is in docs/ARCHITECTURE.md.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= maxAttempts || (code !== deadlockDetected && code !== serializationFailure)) throw error;
      await sleep(Math.random() * 10 * attempt);
    }
  }
}
