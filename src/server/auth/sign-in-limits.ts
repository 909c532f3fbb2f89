import { APIError } from 'better-auth/api';
import type { Db } from '#server/db/client.ts';
import { type CountedCall, giveBackCall, type RateRule, takeCall } from '#server/http/rate-window.ts';
import { addressBucket, clientIpHeader } from './client-ip.ts';
import type { AuthHookContext } from './credential-rules.ts';

/** Failed sign-ins allowed per account, and per client address (many people may share one behind a proxy). */
const perAccount: RateRule = { max: 5, windowSeconds: 60 };
const perAddress: RateRule = { max: 30, windowSeconds: 60 };

const signInPath = '/sign-in/email';

/** The account's limit first: an attempt it refuses is not counted against the address. */
function keysOf(ctx: AuthHookContext): { key: string; rule: RateRule }[] {
  const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();
  const address = ctx.headers?.get(clientIpHeader);
  return [
    { key: `bookshelf:sign-in-failed:account:${email}`, rule: perAccount },
    ...(address ? [{ key: `bookshelf:sign-in-failed:address:${addressBucket(address)}`, rule: perAddress }] : []),
  ];
}

function tooMany(wait: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: `Too many failed sign-ins; please wait ${wait} seconds and try again` },
    { 'X-Retry-After': String(wait) },
  );
}

/**
 * Failed email sign-ins are limited per account and per client address (an IPv6 address by its /64): the sixth
 * failure for one account in a minute, or the 31st from one address, is followed by 429 for every attempt on
 * it, the right password included, until the minute is over. Counted in the database, so every server shares
 * the count.
 *
 * Every attempt is counted before its password is checked, in one statement per limit (`takeCall`), so
 * attempts sent at once are limited exactly as attempts sent in turn: at most five of them are tried. Once
 * Better Auth has answered, an attempt that did not fail (a sign-in, or a refusal that checked no password) is
 * given back, so only failures count, as they did when they were counted afterwards.
 */
export function signInLimits(db: Db) {
  // What each attempt took, from its before hook to its after hook: Better Auth hands both hooks the call's own
  // context object, made for that call alone.
  const taken = new WeakMap<object, CountedCall[]>();
  return {
    async countAttempt(ctx: AuthHookContext): Promise<void> {
      if (ctx.path !== signInPath) return;
      const calls: CountedCall[] = [];
      for (const { key, rule } of keysOf(ctx)) {
        const call = await takeCall(db, key, rule);
        if (call.wait > 0) {
          // Refused: the limits it did not reach do not count it.
          await Promise.all(calls.map((counted) => giveBackCall(db, counted)));
          throw tooMany(call.wait);
        }
        calls.push(call);
      }
      taken.set(ctx.context, calls);
    },
    async settle(ctx: AuthHookContext): Promise<void> {
      if (ctx.path !== signInPath) return;
      const calls = taken.get(ctx.context) ?? [];
      taken.delete(ctx.context);
      const returned = ctx.context.returned;
      const failed = returned instanceof APIError && returned.statusCode === 401;
      if (!failed) await Promise.all(calls.map((counted) => giveBackCall(db, counted)));
    },
  };
}
