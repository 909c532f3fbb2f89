import type { Context } from 'hono';
import { AppError } from '#server/app-error.ts';
import { fieldWithNul } from '#server/http/openapi.ts';

/**
 * Refuses a call to Better Auth whose query or JSON body holds a NUL character, as the store's own calls are
 * refused (`createRouter`): PostgreSQL text cannot hold one, and the auth service would fail in the database (a
 * reset-password token with a NUL in it was answered 500). The body is read from a copy; the auth service reads it
 * again.
 */
export async function refuseNulInAuthCall(c: Context): Promise<void> {
  const url = new URL(c.req.url);
  const inQuery = fieldWithNul(Object.fromEntries(url.searchParams));
  let inBody: string | undefined;
  if (c.req.method === 'POST') {
    const text = await c.req.raw.clone().text();
    try {
      inBody = fieldWithNul(JSON.parse(text));
    } catch {
      inBody = text.includes('\0') ? '' : undefined;
    }
  }
  const field = inQuery ?? inBody;
  if (field !== undefined) {
    throw new AppError('BAD_REQUEST', 'text must not contain NUL characters', { field: field || undefined });
  }
}
