import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { deletedCount, modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { userSchema } from '#shared/schemas/user.ts';

const idParam = uuidParam('id', { description: "The user's id" });

const userList = <P extends string>(path: P, operationId: string, summary: string) =>
  api.Users.get(path, {
    access: ['Admin'],
    operationId,
    summary,
    description: 'Admins only. Ordered by name.',
    ...pageOf(userSchema, 'A page of users', 'Users in the whole list'),
  });

export const allUsers = userList('/users', 'listUsers', 'All users');
export const buyers = userList('/users/buyer', 'listBuyers', 'All buyers');
export const sellers = userList('/users/seller', 'listSellers', 'All sellers');

export const promote = api.Users.put('/users/makeAdmin/{id}', {
  access: ['Admin'],
  operationId: 'makeAdmin',
  summary: 'Make a user an admin',
  request: {
    params: idParam,
    body: jsonBody(z.object({ role: z.literal('Admin') })),
  },
  responses: { 200: jsonContent(modifiedCount, 'Rows changed'), ...errorResponses(404) },
});

export const verify = api.Users.put('/users/seller/{id}', {
  access: ['Admin'],
  operationId: 'verifySeller',
  summary: 'Verify a seller',
  request: { params: idParam },
  responses: { 200: jsonContent(modifiedCount, 'Rows changed'), ...errorResponses(404, 409) },
});

export const remove = api.Users.delete('/users/{id}', {
  access: ['Admin'],
  operationId: 'deleteUser',
  summary: 'Delete a user',
  description:
    'Admins only, never themselves. Closes the account: no sign-in, every session and token revoked, name, ' +
    'email, phone and photo replaced by a tombstone; unsold listings leave the store and bookings awaiting ' +
    'payment end (books back on sale). Sold books, paid orders and payments stay.',
  request: { params: idParam },
  responses: { 200: jsonContent(deletedCount, 'Users deleted'), ...errorResponses(404, 409) },
});
