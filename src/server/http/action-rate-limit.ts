import { createMiddleware } from 'hono/factory';
import { AppError } from '#server/app-error.ts';
import { requireUser } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import type { Env } from '#server/env.ts';
import { countCall, type RateRule } from './rate-window.ts';

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
