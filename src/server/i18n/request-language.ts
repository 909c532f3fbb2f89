import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { type Locale, localeForAcceptLanguage } from '#shared/i18n/locales.ts';

// The language of the API request being answered (its Accept-Language: the web app sends its page's), for what
// outlives the request in it: mail to an address without an account is written in it when it is sent.

const current = new AsyncLocalStorage<Locale>();

/** The language of the request in progress; null outside one (a job, a CLI). */
export const requestLanguage = (): Locale | null => current.getStore() ?? null;

/** Middleware: the rest of the request runs with its language known to `requestLanguage`. */
export const keepRequestLanguage: MiddlewareHandler = (c, next) =>
  current.run(localeForAcceptLanguage(c.req.header('accept-language')), next);
