import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export interface RateRule {
  max: number;
  windowSeconds: number;
}

/** One call counted by `takeCall`: the count of its window with it, when that window started, and the wait. */
export interface CountedCall {
  key: string;
  count: number;
  windowStart: number;
  /** Seconds the caller must wait, as `countCall` answers; 0 when the call may go ahead. */
  wait: number;
}

/**
 * Counts one call of `key` in a fixed window, in one statement, so calls sent at once are counted one after
 * another, as if they had come in turn; in the database, so several app servers share the count. The rows live
 * in Better Auth's `rate_limit` table under keys of our own; `last_request` holds the window's start. Better
 * Auth prunes rows a minute old, which is why a window is at most 60 seconds. Count before doing the work the
 * limit guards: a call beyond the limit is counted too (its window does not move), and refused.
 */
export async function takeCall(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<CountedCall> {
  const windowStart = now - rule.windowSeconds * 1000;
  const { rows } = await db.execute<{ count: number; started: string }>(sql`
    insert into rate_limit (id, key, count, last_request) values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request <= ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request as started`);
  const { count, started } = rows[0]!;
  const wait =
    count <= rule.max ? 0 : Math.max(1, Math.ceil((Number(started) + rule.windowSeconds * 1000 - now) / 1000));
  return { key, count, windowStart: Number(started), wait };
}

/** Counts one call of `key` (`takeCall`); answers how many seconds the caller must wait, or 0 when it may go ahead. */
export async function countCall(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<number> {
  return (await takeCall(db, key, rule, now)).wait;
}

/** Takes back a call `takeCall` counted that is not to count after all; nothing once its window is over. */
export async function giveBackCall(db: Db, call: CountedCall): Promise<void> {
  await db.execute(sql`
    update rate_limit set count = count - 1
    where key = ${call.key} and last_request = ${call.windowStart} and count > 0`);
}
