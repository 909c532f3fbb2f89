import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { requireUser } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { AppError } from './errors.ts';

export interface RateRule {
  max: number;
  windowSeconds: number;
}

const defaultRule: RateRule = { max: 20, windowSeconds: 60 };

/** ACTION_RATE_LIMIT ('<calls>/<seconds>' or 'off'); on by default, except in the test environment. */
export function actionRateRule(env: Env): RateRule | null {
  const setting = env.ACTION_RATE_LIMIT;
  if (setting === 'off' || (setting === undefined && env.NODE_ENV === 'test')) return null;
  if (setting === undefined) return defaultRule;
  const [max, windowSeconds] = setting.split('/').map(Number);
  return { max: max!, windowSeconds: windowSeconds! };
}

/**
 * Counts one call of `key` in a fixed window, atomically, in the database (so several app servers share the
 * count). The rows live in Better Auth's `rate_limit` table under keys of our own; `last_request` holds the
 * window's start. Better Auth prunes rows a minute old, which is why a window is at most 60 seconds.
 * Answers how many seconds the caller must wait, or 0 when the call may go ahead.
 */
export async function countCall(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<number> {
  const windowStart = now - rule.windowSeconds * 1000;
  const { rows } = await db.execute<{ count: number; started: string }>(sql`
    insert into rate_limit (id, key, count, last_request) values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request <= ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request as started`);
  const { count, started } = rows[0]!;
  if (count <= rule.max) return 0;
  return Math.max(1, Math.ceil((Number(started) + rule.windowSeconds * 1000 - now) / 1000));
}

/**
 * Route middleware, declared after the route's access guard: at most the configured number of `action` calls
 * per signed-in user per window; beyond that 429 with Retry-After and a message saying how long to wait.
 */
export function perUserRateLimit(action: 'booking' | 'report' | 'upload' | 'isbn', what: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deps = c.get('deps');
    const rule = actionRateRule(deps.env);
    const user = await requireUser(c, deps);
    const wait = rule ? await countCall(deps.db, `bookshelf:${action}:${user.id}`, rule) : 0;
    if (wait > 0) {
      const message = `Too many ${what} in a short time; please wait ${wait} seconds and try again`;
      throw new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: wait });
    }
    await next();
  });
}
