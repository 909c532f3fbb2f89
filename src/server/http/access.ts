import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requireRole, requireUser } from '#server/auth/session.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { AppEnv } from '#server/context.ts';
import type { Role } from '#shared/constants.ts';
import { type ErrorStatus, errorResponses } from './openapi.ts';

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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A route's OpenAPI operation without what its definer gives it (method, path, tag, access), what its name gives
 * it (`operationId`, see `routesOf`) and what the API reference gives it (summary, description): those three
 * may not be declared here.
 */
type Declaration = Omit<RouteConfig, 'method' | 'path' | 'tags' | 'operationId' | 'summary' | 'description'> & {
  operationId?: never;
  summary?: never;
  description?: never;
};

/**
 * The routes of one part of the API (`api.Bookings` in `api-tags.ts`), each filed under `tag` in the OpenAPI
 * document and defined by its method, its path and who may call it, as a feature's `routes` object lists it:
 * `bookBook: api.Bookings.post('/booking', 'signed-in', { request, responses })`. The access guard runs before the
 * route's other middleware and its validators, so a caller who may not call it gets 401 or 403 without learning
 * anything about its input; the OpenAPI document says the same (`security`, empty for a public
 * route, and `x-access` for the roles), and the authorization matrix checks every route against it. The error
 * answers that follow from the route itself (400 when it reads input, 401 and 403 from its access) are added to its
 * `responses`, which name only its others.
 */
export function routesTagged(tag: string) {
  const define =
    <M extends Method>(method: M) =>
    <P extends string, R extends Declaration>(path: P, access: Access, route: R) => {
      const { middleware, responses, ...config } = route;
      const own = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
      return createRoute({
        tags: [tag],
        ...config,
        method,
        path,
        middleware: [...guardFor(access), ...own],
        security: access === 'anyone' ? [] : Object.keys(securitySchemes).map((name) => ({ [name]: [] })),
        'x-access': access,
        responses: { ...responses, ...errorResponses(...impliedErrors(access, config.request)) },
      } as unknown as R & { method: M; path: P });
    };
  return {
    get: define('get'),
    post: define('post'),
    put: define('put'),
    patch: define('patch'),
    delete: define('delete'),
  };
}

/** The error answers a route's declaration implies: bad input when it reads any, and its access guard's. */
function impliedErrors(access: Access, request: RouteConfig['request']) {
  const statuses: ErrorStatus[] = [];
  if (request && Object.values(request).some((input) => input !== undefined)) statuses.push(400);
  if (access !== 'anyone') statuses.push(401);
  if (Array.isArray(access)) statuses.push(403);
  return statuses;
}

/** The signed-in caller of a route whose access guard already required one. */
export function callerOf(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new Error('callerOf: this route declares no signed-in access');
  return user;
}
