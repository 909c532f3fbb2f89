import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { deletedCount, modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateChange } from '#server/http/state-calls.ts';
import { userSchema } from '#shared/schemas/user.ts';

const idParam = uuidParam('id', { description: "The user's id" });

const userList = <P extends string>(path: P) =>
  api.Users.get(path, ['Admin'], { ...pageOf(userSchema, 'A page of users', 'Users in the whole list') });

export const listUsers = userList('/users');
export const listBuyers = userList('/users/buyer');
export const listSellers = userList('/users/seller');

export const makeAdmin = api.Users.put('/users/makeAdmin/{id}', ['Admin'], {
  request: {
    params: idParam,
    body: jsonBody(z.object({ role: z.literal('Admin') })),
  },
  responses: { 200: jsonContent(modifiedCount, 'Rows changed'), ...errorResponses(404) },
});

export const verifySeller = api.Users.put('/users/seller/{id}', ['Admin'], {
  ...stateChange(idParam, modifiedCount, 'Rows changed'),
});

export const deleteUser = api.Users.delete('/users/{id}', ['Admin'], {
  ...stateChange(idParam, deletedCount, 'Users deleted'),
});
