import type { Context } from 'hono';
import type { AppError } from '#server/app-error.ts';

/** The JSON answer of a refusal. */
export function answerRefusal(c: Context, error: AppError) {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  const body = { error: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
  return c.json(body, error.status);
}
