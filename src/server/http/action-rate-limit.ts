import { createMiddleware } from 'hono/factory';
import { requireUser } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import type { Env } from '#server/env.ts';
import { AppError } from './errors.ts';
import { countCall, type RateRule } from './rate-window.ts';

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
