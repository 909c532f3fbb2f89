import type { Context } from 'hono';
import type { AppError } from '#server/app-error.ts';

// Its old path, kept so code written against it still builds: new code takes it from #server/app-error.ts.
export {
  AppError,
  type AppErrorKind,
  type AppErrorOptions,
  type ErrorCode,
  errorCodes,
  kindOfStatus,
} from '#server/app-error.ts';

/** The JSON answer of a refusal. */
export function answerRefusal(c: Context, error: AppError) {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  const body = { error: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
  return c.json(body, error.status);
}
