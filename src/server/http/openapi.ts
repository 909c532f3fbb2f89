import { OpenAPIHono, type RouteConfig, type RouteHandler, z } from '@hono/zod-openapi';
import type { MergeSchemaPath, Schema } from 'hono/types';
import { AppError, errorCodes } from '#server/app-error.ts';
import type { AppEnv } from '#server/context.ts';

export const errorSchema = z
  .object({
    error: z.string().openapi({ description: 'What went wrong, for a person to read' }),
    code: z.enum(errorCodes).openapi({ description: 'Stable, for programs to branch on' }),
    field: z.string().optional().openapi({ description: 'The input that was refused (path.to.field)' }),
  })
  .openapi('Error');

/** A feature's router; request validation failures answer 400 naming the field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.join('.') || undefined;
        throw new AppError('BAD_REQUEST', issue?.message ?? 'Invalid request', { field });
      }
      // PostgreSQL text cannot hold a NUL character; refuse it here rather than fail in the database.
      const nul = fieldWithNul(result.data);
      if (nul !== undefined) {
        throw new AppError('BAD_REQUEST', 'text must not contain NUL characters', { field: nul || undefined });
      }
    },
  });
}

/**
 * A feature's routes for `openapiRoutes`, from its routes module's `routes` object, in that object's order (Hono
 * matches routes in registration order): each answered by its handler of the same name, which the handlers module
 * must export. The name is the operation's `operationId` (camelCase, unique), which clients generated from the
 * document call it by and which names its section in the API reference.
 */
export function routesOf<
  Routes extends Record<string, RouteConfig>,
  Handlers extends { [Name in keyof Routes]: RouteHandler<Routes[Name], AppEnv> },
>(routes: Routes, handlers: Handlers) {
  const pairs = Object.entries(routes).map(([name, route]) => ({
    route: { ...route, operationId: name },
    handler: handlers[name as keyof Routes],
  }));
  // One element whose type is every route's: enough for `openapiRoutes` to type the router by each of them.
  return pairs as unknown as readonly [
    { [Name in keyof Routes]: { route: Routes[Name]; handler: Handlers[Name] } }[keyof Routes],
  ];
}

type SchemaOf<Router> = Router extends OpenAPIHono<AppEnv, infer S extends Schema> ? S : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * Mounts each feature's router at `path`, in the order of the list (Hono matches routes in registration order, and
 * the document lists them so); the app is typed by every router's routes, as a chain of `.route` calls would be.
 */
export function mountAll<S extends Schema, P extends string, const Routers extends readonly OpenAPIHono<AppEnv>[]>(
  app: OpenAPIHono<AppEnv, S>,
  path: P,
  routers: Routers,
) {
  for (const router of routers) app.route(path, router);
  return app as unknown as OpenAPIHono<
    AppEnv,
    S & UnionToIntersection<{ [I in keyof Routers]: MergeSchemaPath<SchemaOf<Routers[I]>, P> }[number]>
  >;
}

/**
 * The handler of a route, typed by it: `c.req.valid(…)` gives its validated input and
 * the answer must be one it declares. It reaches the services through `c.var.deps`.
 */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** The path of the first string holding a NUL character ('' for the value itself), or undefined. */
export function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null || value instanceof Blob) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = fieldWithNul(inner, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The statuses of the error answers a route can give. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503;

/** The error answers of these statuses, for the OpenAPI document (each status once). */
export function errorResponses(...statuses: ErrorStatus[]) {
  const descriptions = {
    400: 'Bad input',
    401: 'Not signed in',
    403: 'Wrong role or not the owner',
    404: 'Unknown id',
    409: 'State conflict',
    410: 'Gone: sold or removed, or a mail link signed out of',
    413: 'Too large',
    415: 'Wrong media type',
    429: 'Too many requests',
    502: 'The card processor did not answer',
    503: 'Busy: try again after Retry-After',
  };
  return Object.fromEntries(statuses.map((status) => [status, jsonContent(errorSchema, descriptions[status])]));
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required request body of JSON that `schema` validates. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}
