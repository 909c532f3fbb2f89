import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { AppError } from '#server/app-error.ts';
import { requireUser } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';

export interface RateRule {
  max: number;
  windowSeconds: number;
}

const defaultRule: RateRule = { max: 20, windowSeconds: 60 };

/** The settings that may limit a kind of call: those that hold '<calls>/<seconds>' or 'off' (env.ts checks it). */
type RateSetting = { [K in keyof Env]-?: Env[K] extends string | undefined ? K : never }[keyof Env];

/**
 * A kind of call a feature limits per signed-in user, declared in the feature's folder (`<f>.rate-limits.ts`):
 * its name (in its counters' keys), the setting that limits it, and what its refusal calls such calls.
 */
export interface RateLimitKind {
  name: string;
  /** '<calls>/<seconds>' or 'off'; on (20/60) by default, except in the test environment. */
  limitEnv: RateSetting;
  /** "Too many <what> in a short time; please wait …". */
  what: string;
}

/** The rule a kind's setting gives, or null when it is off. */
export function rateRuleOf(kind: RateLimitKind, env: Env): RateRule | null {
  const setting = env[kind.limitEnv];
  if (setting === 'off' || (setting === undefined && env.NODE_ENV === 'test')) return null;
  if (setting === undefined) return defaultRule;
  const [max, windowSeconds] = setting.split('/').map(Number);
  return { max: max!, windowSeconds: windowSeconds! };
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

/**
 * Route middleware, declared after the route's access guard: at most the configured number of calls of `kind`
 * per signed-in user per window; beyond that 429 with Retry-After and a message saying how long to wait.
 */
export function perUserRateLimit(kind: RateLimitKind) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deps = c.get('deps');
    const rule = rateRuleOf(kind, deps.env);
    const user = await requireUser(c, deps);
    const wait = rule ? await countCall(deps.db, `bookshelf:${kind.name}:${user.id}`, rule) : 0;
    if (wait > 0) {
      const message = `Too many ${kind.what} in a short time; please wait ${wait} seconds and try again`;
      throw new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: wait });
    }
    await next();
  });
}
