import type { Context } from 'hono';
import type { AppError } from '#server/app-error.ts';
import { refusalIn } from '#server/i18n/refusal-texts.ts';
import { localeForAcceptLanguage } from '#shared/i18n/locales.ts';

/** The JSON answer of a refusal, its text in the language the client accepts (its code is the same in all). */
export function answerRefusal(c: Context, error: AppError) {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  const text = refusalIn(localeForAcceptLanguage(c.req.header('accept-language')), error.message);
  const body = { error: text, code: error.code, ...(error.field ? { field: error.field } : {}) };
  return c.json(body, error.status);
}
