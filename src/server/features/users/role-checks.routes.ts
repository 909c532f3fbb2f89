import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';

const emailParam = z.object({
  email: z
    .string()
    .min(1)
    .max(254)
    .openapi({ param: { description: "The user's email address" } }),
});

function roleCheck<P extends string, K extends string>(path: P, key: K, operationId: string, summary: string) {
  return api.Users.get(path, {
    access: 'signed-in',
    operationId,
    summary,
    description: 'A user may ask about themselves; an admin about anyone.',
    request: { params: emailParam },
    responses: {
      200: jsonContent(z.object({ [key]: z.boolean() } as Record<K, z.ZodBoolean>), 'The answer'),
      ...errorResponses(403),
    },
  });
}

export const isAdmin = roleCheck('/users/admin/{email}', 'isAdmin', 'checkIsAdmin', 'Is this user an admin?');
export const isSeller = roleCheck('/users/seller/{email}', 'isSeller', 'checkIsSeller', 'Is this user a seller?');
export const isBuyer = roleCheck('/users/buyer/{email}', 'isBuyer', 'checkIsBuyer', 'Is this user a buyer?');
export const isVerified = roleCheck(
  '/users/verified/{email}',
  'isVerified',
  'checkIsVerified',
  'Is this user a verified seller?',
);
