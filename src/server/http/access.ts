import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { SessionUser } from '#server/auth/auth.ts';
import { requireRole, requireUser } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import type { Role } from '#shared/constants.ts';

/** Who may call a route: anyone, any signed-in user, or signed-in users of these roles. */
export type Access = 'anyone' | 'signed-in' | readonly [Role, ...Role[]];

/** The OpenAPI security schemes a guarded route accepts: the session cookie, or a bearer token. */
export const securitySchemes = {
  session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: 'The browser session' },
  bearer: { type: 'http', scheme: 'bearer', description: 'A token from POST /api/jwt' },
} as const;

function guardFor(access: Access): MiddlewareHandler<AppEnv>[] {
  if (access === 'anyone') return [];
  return [
    createMiddleware<AppEnv>(async (c, next) => {
      const deps = c.get('deps');
      if (access === 'signed-in') await requireUser(c, deps);
      else await requireRole(c, deps, ...access);
      await next();
    }),
  ];
}

/**
 * A route and who may call it, declared together. The guard runs before the route's other middleware and its
 * validators, so a caller who may not call it gets 401 or 403 without learning anything about its input; the
 * OpenAPI document says the same (`security`, empty for a public route, and `x-access` for the roles), and the
 * authorization matrix checks every route against it. `operationId` (camelCase, unique) is the name API
 * clients generated from the document give the call.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(
  route: R & { access: Access; operationId: string },
) {
  const { access, middleware, ...config } = route;
  const own = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
  return createRoute({
    ...config,
    middleware: [...guardFor(access), ...own],
    security: access === 'anyone' ? [] : Object.keys(securitySchemes).map((name) => ({ [name]: [] })),
    'x-access': access,
  } as unknown as R);
}

/** The signed-in caller of a route whose access guard already required one. */
export function callerOf(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new Error('callerOf: this route declares no signed-in access');
  return user;
}
