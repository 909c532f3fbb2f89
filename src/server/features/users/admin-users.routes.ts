import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { deletedCount, modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateChange } from '#server/http/state-calls.ts';
import { listedUserSchema, userListQuerySchema } from '#shared/schemas/user.ts';

const idParam = uuidParam('id', { description: "The user's id" });

const oneRoleQuery = userListQuerySchema.omit({ role: true });

const userList = <P extends string, Q extends typeof userListQuerySchema | typeof oneRoleQuery>(path: P, query: Q) =>
  api.Users.get(path, ['Admin'], {
    ...pageOf(listedUserSchema, 'A page of users', 'Users in the whole list (with the filters)', { query }),
  });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  listUsers: userList('/users', userListQuerySchema),
  listBuyers: userList('/users/buyer', oneRoleQuery),
  listSellers: userList('/users/seller', oneRoleQuery),
  makeAdmin: api.Users.put('/users/makeAdmin/{id}', ['Admin'], {
    request: {
      params: idParam,
      body: jsonBody(z.object({ role: z.literal('Admin') })),
    },
    responses: { 200: jsonContent(modifiedCount, 'Rows changed'), ...errorResponses(404) },
  }),
  revokeAdmin: api.Users.delete('/users/{id}/admin', ['Admin'], {
    ...stateChange(idParam, modifiedCount, 'Rows changed'),
  }),
  verifySeller: api.Users.put('/users/seller/{id}', ['Admin'], {
    ...stateChange(idParam, modifiedCount, 'Rows changed'),
  }),
  deleteUser: api.Users.delete('/users/{id}', ['Admin'], {
    ...stateChange(idParam, deletedCount, 'Users deleted'),
  }),
};
