import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';

export const errorSchema = z.object({ error: z.string() }).openapi('Error');

/** A feature's router; request validation failures answer 400 naming the field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.join('.');
        const message = issue?.message ?? 'Invalid request';
        return c.json({ error: field ? `${field}: ${message}` : message }, 400);
      }
    },
  });
}

/** The error answers every route can give, for the OpenAPI document. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429)[]) {
  const descriptions = {
    400: 'Bad input',
    401: 'Not signed in',
    403: 'Wrong role or not the owner',
    404: 'Unknown id',
    409: 'State conflict',
    413: 'Too large',
    415: 'Wrong media type',
    429: 'Too many requests',
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: descriptions[status], content: { 'application/json': { schema: errorSchema } } },
    ]),
  );
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}
