import type { MiddlewareHandler } from 'hono';
import { AppError } from '#server/app-error.ts';
import { isWrite } from './request-methods.ts';

/**
 * Refuses a state-changing call that a browser sent from a page of another origin (cross-site request
 * forgery), whatever its content type: the Origin header, or when a browser sent none, Sec-Fetch-Site, must
 * name one of our own origins (`appOrigins` in env.ts). Clients that are not browsers send neither and go through: they hold no victim's
 * cookie. `except` lists path prefixes that check their callers themselves.
 */
export function sameOriginWrites(appOrigins: string[], except: string[]): MiddlewareHandler {
  return async (c, next) => {
    if (isWrite(c.req.method) && !except.some((prefix) => c.req.path.startsWith(prefix))) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const foreign =
        origin !== undefined
          ? !appOrigins.includes(origin)
          : site !== undefined && site !== 'same-origin' && site !== 'none';
      if (foreign) {
        const from = origin ? ` (${origin})` : '';
        throw new AppError(
          'FORBIDDEN',
          `This request came from another website${from}, so it was refused; this store takes changes from ${appOrigins[0]}`,
        );
      }
    }
    await next();
  };
}
