import type { Context } from 'hono';
import { AppError } from '#server/app-error.ts';
import type { AppEnv } from '#server/context.ts';
import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { readUnsubscribeToken } from '#server/mail/unsubscribe-token.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { routes } from './mail.routes.ts';
import * as preferences from './mail-preferences.service.ts';

/** Whose mail, which kind and which version of their links, the link's signed token names. */
function readToken(c: Context<AppEnv>, token: string) {
  const named = readUnsubscribeToken(c.var.deps.mailer.frame.secret, token);
  if (!named) throw new AppError('BAD_REQUEST', texts.mail.linkInvalid, { field: 'token' });
  return named;
}

export const unsubscribeFromMail: AppRouteHandler<typeof routes.unsubscribeFromMail> = async (c) => {
  const { userId, kind, version } = readToken(c, c.req.valid('query').token);
  await preferences.setMailPreference(c.var.deps.db, { userId, kind, version, subscribed: false });
  return c.json({ kind, subscribed: false }, 200);
};

export const resubscribeToMail: AppRouteHandler<typeof routes.resubscribeToMail> = async (c) => {
  const { userId, kind, version } = readToken(c, c.req.valid('query').token);
  await preferences.setMailPreference(c.var.deps.db, { userId, kind, version, subscribed: true });
  return c.json({ kind, subscribed: true }, 200);
};

export const signOutOfMailLinks: AppRouteHandler<typeof routes.signOutOfMailLinks> = async (c) => {
  await preferences.signOutOfMailLinks(c.var.deps.db, callerOf(c).id);
  return c.json({ signedOut: true as const }, 200);
};
