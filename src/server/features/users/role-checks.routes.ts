import { z } from '@hono/zod-openapi';
import { requireSelfOrAdmin } from '../../auth/session.ts';
import type { AppDeps } from '../../context.ts';
import { defineRoute } from '../../http/access.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
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
  async function lookUp(c: Parameters<typeof requireSelfOrAdmin>[0], email: string) {
    await requireSelfOrAdmin(c, deps, email);
    return findUserByEmail(deps.db, email);
  }
  return createRouter()
    .openapi(isAdmin, async (c) => {
      const found = await lookUp(c, c.req.valid('param').email);
      return c.json({ isAdmin: found?.role === 'Admin' }, 200);
    })
    .openapi(isSeller, async (c) => {
      const found = await lookUp(c, c.req.valid('param').email);
      return c.json({ isSeller: found?.role === 'Seller' }, 200);
    })
    .openapi(isBuyer, async (c) => {
      const found = await lookUp(c, c.req.valid('param').email);
      return c.json({ isBuyer: found?.role === 'Buyer' }, 200);
    })
    .openapi(isVerified, async (c) => {
      const found = await lookUp(c, c.req.valid('param').email);
      return c.json({ isVerified: found?.role === 'Seller' && found.status === 'Verified' }, 200);
    });
}
