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

function roleCheck<P extends string, K extends string>(path: P, key: K) {
  return api.Users.get(path, 'signed-in', {
    request: { params: emailParam },
    responses: {
      200: jsonContent(z.object({ [key]: z.boolean() } as Record<K, z.ZodBoolean>), 'The answer'),
      ...errorResponses(403),
    },
  });
}

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  checkIsAdmin: roleCheck('/users/admin/{email}', 'isAdmin'),
  checkIsSeller: roleCheck('/users/seller/{email}', 'isSeller'),
  checkIsBuyer: roleCheck('/users/buyer/{email}', 'isBuyer'),
  checkIsVerified: roleCheck('/users/verified/{email}', 'isVerified'),
};
