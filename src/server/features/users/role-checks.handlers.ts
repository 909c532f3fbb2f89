import type { Context } from 'hono';
import { requireSelfOrAdmin } from '#server/auth/session.ts';
import type { AppEnv } from '#server/context.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { routes } from './role-checks.routes.ts';
import { findUserByEmail } from './users.service.ts';

type Found = Awaited<ReturnType<typeof findUserByEmail>>;

/** The specification's role checks, decided by the signed-in session: `{ [key]: holds(the user) }`. */
async function check<K extends string>(c: Context<AppEnv>, key: K, holds: (found: Found) => boolean) {
  const { deps } = c.var;
  const email = (c.req.param('email') ?? '').toLowerCase();
  await requireSelfOrAdmin(c, deps, email);
  return sendPrivateAnswer(c, email, async () => ({
    body: { [key]: holds(await findUserByEmail(deps.db, email)) } as Record<K, boolean>,
  }));
}

export const checkIsAdmin: AppRouteHandler<typeof routes.checkIsAdmin> = (c) =>
  check(c, 'isAdmin', (found) => found?.role === 'Admin');

export const checkIsSeller: AppRouteHandler<typeof routes.checkIsSeller> = (c) =>
  check(c, 'isSeller', (found) => found?.role === 'Seller');

export const checkIsBuyer: AppRouteHandler<typeof routes.checkIsBuyer> = (c) =>
  check(c, 'isBuyer', (found) => found?.role === 'Buyer');

export const checkIsVerified: AppRouteHandler<typeof routes.checkIsVerified> = (c) =>
  check(c, 'isVerified', (found) => found?.role === 'Seller' && found.status === 'Verified');
