import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireSelfOrAdmin } from '../../auth/session.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { defineRoute } from '../../http/access.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { sendPrivateAnswer } from '../../http/private-answer.ts';
import { findUserByEmail } from './users.service.ts';

const emailParam = z.object({
  email: z
    .string()
    .min(1)
    .max(254)
    .openapi({ param: { description: "The user's email address" } }),
});

function roleCheck<P extends string, K extends string>(path: P, key: K, operationId: string, summary: string) {
  return defineRoute({
    access: 'signed-in',
    method: 'get',
    path,
    operationId,
    tags: ['Users'],
    summary,
    description: 'A user may ask about themselves; an admin about anyone.',
    request: { params: emailParam },
    responses: {
      200: jsonContent(z.object({ [key]: z.boolean() } as Record<K, z.ZodBoolean>), 'The answer'),
      ...errorResponses(400, 401, 403),
    },
  });
}

const isAdmin = roleCheck('/users/admin/{email}', 'isAdmin', 'checkIsAdmin', 'Is this user an admin?');
const isSeller = roleCheck('/users/seller/{email}', 'isSeller', 'checkIsSeller', 'Is this user a seller?');
const isBuyer = roleCheck('/users/buyer/{email}', 'isBuyer', 'checkIsBuyer', 'Is this user a buyer?');
const isVerified = roleCheck(
  '/users/verified/{email}',
  'isVerified',
  'checkIsVerified',
  'Is this user a verified seller?',
);

/** The specification's four role checks, decided by the signed-in session. */
export function roleChecksRoutes(deps: AppDeps) {
  type Found = Awaited<ReturnType<typeof findUserByEmail>>;
  async function check<K extends string>(c: Context<AppEnv>, key: K, holds: (found: Found) => boolean) {
    const email = (c.req.param('email') ?? '').toLowerCase();
    await requireSelfOrAdmin(c, deps, email);
    return sendPrivateAnswer(c, email, async () => ({
      body: { [key]: holds(await findUserByEmail(deps.db, email)) } as Record<K, boolean>,
    }));
  }
  return createRouter()
    .openapi(isAdmin, (c) => check(c, 'isAdmin', (found) => found?.role === 'Admin'))
    .openapi(isSeller, (c) => check(c, 'isSeller', (found) => found?.role === 'Seller'))
    .openapi(isBuyer, (c) => check(c, 'isBuyer', (found) => found?.role === 'Buyer'))
    .openapi(isVerified, (c) =>
      check(c, 'isVerified', (found) => found?.role === 'Seller' && found.status === 'Verified'),
    );
}
