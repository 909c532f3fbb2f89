import { AppError } from '#server/app-error.ts';
import { requireSelfOrAdmin } from '#server/auth/session.ts';
import { configuredProviders } from '#server/auth/social-providers.ts';
import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { User } from '#shared/schemas/user.ts';
import type { routes } from './account.routes.ts';
import {
  findUserByEmail,
  findUserById,
  saveLanguage as keepLanguage,
  keepMeetupDetails,
  saveTimeZone as keepTimeZone,
  meetupDetailsOf,
  updateProfile,
} from './users.service.ts';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const listAuthProviders: AppRouteHandler<typeof routes.listAuthProviders> = (c) =>
  c.json({ providers: configuredProviders(c.var.deps.env) }, 200);

export const createBearerToken: AppRouteHandler<typeof routes.createBearerToken> = async (c) => {
  const caller = callerOf(c);
  if (!sameEmail(c.req.valid('json').email, caller.email)) {
    throw new AppError('FORBIDDEN', 'A token is only handed out for your own email');
  }
  const found = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!found) throw new AppError('UNAUTHORIZED', 'Please sign in first');
  return c.json({ token: found.session.token }, 200);
};

export const getCurrentUser: AppRouteHandler<typeof routes.getCurrentUser> = (c) =>
  sendPrivateAnswer<User>(c, 'me', async () => ({ body: (await findUserById(c.var.deps.db, callerOf(c).id))! }));

export const saveCurrentUser: AppRouteHandler<typeof routes.saveCurrentUser> = async (c) => {
  const caller = callerOf(c);
  const body = c.req.valid('json');
  if (!sameEmail(body.email, caller.email)) throw new AppError('FORBIDDEN', 'You can only save your own account');
  if (body.role !== undefined && body.role !== caller.role) {
    throw new AppError('FORBIDDEN', 'Your role is chosen at sign-up and can only be changed by an admin');
  }
  return c.json(await updateProfile(c.var.deps.db, caller.id, { name: body.name, image: caller.image }), 200);
};

export const updateCurrentUser: AppRouteHandler<typeof routes.updateCurrentUser> = async (c) => {
  const { deps } = c.var;
  const caller = callerOf(c);
  const { displayName, photoURL } = c.req.valid('json');
  if (photoURL.startsWith('/') && !(await deps.storage.has(photoURL))) {
    throw new AppError('BAD_REQUEST', 'no uploaded picture has this address', { field: 'photoURL' });
  }
  return c.json(await updateProfile(deps.db, caller.id, { name: displayName, image: photoURL || null }), 200);
};

export const saveTimeZone: AppRouteHandler<typeof routes.saveTimeZone> = async (c) => {
  const { timeZone } = c.req.valid('json');
  const modifiedCount = await keepTimeZone(c.var.deps.db, callerOf(c).id, timeZone);
  return c.json({ timeZone, modifiedCount }, 200);
};

export const saveLanguage: AppRouteHandler<typeof routes.saveLanguage> = async (c) => {
  const { language } = c.req.valid('json');
  const modifiedCount = await keepLanguage(c.var.deps.db, callerOf(c).id, language);
  return c.json({ language, modifiedCount }, 200);
};

export const getMeetupDetails: AppRouteHandler<typeof routes.getMeetupDetails> = async (c) =>
  c.json(await meetupDetailsOf(c.var.deps.db, callerOf(c).id), 200);

export const saveMeetupDetails: AppRouteHandler<typeof routes.saveMeetupDetails> = async (c) =>
  c.json(await keepMeetupDetails(c.var.deps.db, callerOf(c).id, c.req.valid('json')), 200);

export const getUserByEmail: AppRouteHandler<typeof routes.getUserByEmail> = async (c) => {
  const { deps } = c.var;
  const { email } = c.req.valid('param');
  await requireSelfOrAdmin(c, deps, email);
  return c.json(await findUserByEmail(deps.db, email), 200);
};
