import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** Whether the store's mail sender kept up with a booking load: its messages, and when the last one went. */
export interface MailAfterLoad {
  /** Messages the store's bookings queued from the start of the load (warm-up included). */
  queued: number;
  /** Of them, still unsent when the wait ended. */
  unsent: number;
  /** Seconds from the end of the load to the last message sent (0 or less: all were sent by then); set when none is unsent. */
  lastSentAfter?: number;
  /** How long the bench waited after the load for the last one. */
  waitedSeconds: number;
}

/**
 * The booking messages queued since `since` (the database's clock), leaving out the bare booking server's, which
 * it writes as sent (`sent_at` = `created_at`, bare-booking-server.ts); the store's sender marks a message sent
 * in a later transaction.
 */
const storeMail = `template in ('booking-made', 'booking-confirmed') and created_at >= $1
  and sent_at is distinct from created_at`;

/** The database's clock, which the outbox's moments are written by. */
export async function databaseNow(pool: pg.Pool): Promise<Date> {
  const { rows } = await pool.query<{ now: Date }>('select clock_timestamp() as now');
  return rows[0]!.now;
}

/**
 * Waits, up to `waitSeconds` after the load ended (`loadEnded`, the database's clock), until every message the
 * store's bookings queued since `since` is sent; answers when the last one went, or how many were still unsent.
 */
export async function mailAfterLoad(
  pool: pg.Pool,
  since: Date,
  loadEnded: Date,
  waitSeconds: number,
): Promise<MailAfterLoad> {
  for (;;) {
    const { rows } = await pool.query<{ queued: number; unsent: number; after: number | null; waited: number }>(
      `select count(*)::int as queued, count(*) filter (where sent_at is null)::int as unsent,
              extract(epoch from max(sent_at) - $2::timestamptz)::float8 as after,
              extract(epoch from clock_timestamp() - $2::timestamptz)::float8 as waited
       from mail_outbox where ${storeMail}`,
      [since, loadEnded],
    );
    const { queued, unsent, after, waited } = rows[0]!;
    if (unsent === 0) return { queued, unsent, lastSentAfter: after ?? 0, waitedSeconds: waited };
    if (waited >= waitSeconds) return { queued, unsent, waitedSeconds: waited };
    await sleep(100);
  }
}
