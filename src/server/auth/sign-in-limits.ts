import { APIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { countCall, type RateRule } from '#server/http/action-rate-limit.ts';
import { clientIpHeader } from './client-ip.ts';
import type { AuthHookContext } from './credential-rules.ts';

/** Failed sign-ins allowed per account, and per client address (many people may share one behind a proxy). */
const perAccount: RateRule = { max: 5, windowSeconds: 60 };
const perAddress: RateRule = { max: 30, windowSeconds: 60 };

function keysOf(ctx: AuthHookContext): { key: string; rule: RateRule }[] {
  const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();
  const address = ctx.headers?.get(clientIpHeader);
  return [
    { key: `bookshelf:sign-in-failed:account:${email}`, rule: perAccount },
    ...(address ? [{ key: `bookshelf:sign-in-failed:address:${address}`, rule: perAddress }] : []),
  ];
}

/** Seconds until `key` is under its rule again (0 when it is). */
async function waitFor(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<number> {
  const { rows } = await db.execute<{ count: number; started: string }>(
    sql`select count, last_request as started from rate_limit where key = ${key}`,
  );
  const row = rows[0];
  const ends = row ? Number(row.started) + rule.windowSeconds * 1000 : 0;
  if (!row || ends <= now || row.count < rule.max) return 0;
  return Math.max(1, Math.ceil((ends - now) / 1000));
}

/**
 * Failed email sign-ins are limited per account and per client address (successes do not count): the sixth
 * failure for one account in a minute, or the 31st from one address, is followed by 429 for every attempt
 * on it, the right password included, until the minute is over. Counted in the database, so every server
 * shares the count.
 */
export function signInLimits(db: Db) {
  return {
    async refuseWhileLimited(ctx: AuthHookContext): Promise<void> {
      if (ctx.path !== '/sign-in/email') return;
      const waits = await Promise.all(keysOf(ctx).map(({ key, rule }) => waitFor(db, key, rule)));
      const wait = Math.max(0, ...waits);
      if (wait > 0) {
        throw new APIError(
          'TOO_MANY_REQUESTS',
          { message: `Too many failed sign-ins; please wait ${wait} seconds and try again` },
          { 'X-Retry-After': String(wait) },
        );
      }
    },
    async countFailure(ctx: AuthHookContext): Promise<void> {
      if (ctx.path !== '/sign-in/email') return;
      const failed = ctx.context.returned instanceof APIError && ctx.context.returned.statusCode === 401;
      if (failed) for (const { key, rule } of keysOf(ctx)) await countCall(db, key, rule);
    },
  };
}
