import { z } from '@hono/zod-openapi';
import { defineRoute } from '#server/http/access.ts';
import { deletedCount, modifiedCount } from '#server/http/change-counts.ts';
import { pageResponse } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { pageQuerySchema } from '#shared/schemas/book.ts';
import { userSchema } from '#shared/schemas/user.ts';

const idParam = uuidParam('id', { description: "The user's id" });

const userList = <P extends string>(path: P, operationId: string, summary: string) =>
  defineRoute({
    access: ['Admin'],
    method: 'get',
    path,
    operationId,
    tags: ['Users'],
    summary,
    description: 'Admins only. Ordered by name.',
    request: { query: pageQuerySchema },
    responses: {
      200: pageResponse(userSchema, 'A page of users', 'Users in the whole list'),
      ...errorResponses(400, 401, 403),
    },
  });

export const allUsers = userList('/users', 'listUsers', 'All users');
export const buyers = userList('/users/buyer', 'listBuyers', 'All buyers');
export const sellers = userList('/users/seller', 'listSellers', 'All sellers');

export const promote = defineRoute({
  access: ['Admin'],
  method: 'put',
  path: '/users/makeAdmin/{id}',
  operationId: 'makeAdmin',
  tags: ['Users'],
  summary: 'Make a user an admin',
  request: {
    params: idParam,
    body: jsonBody(z.object({ role: z.literal('Admin') })),
  },
  responses: { 200: jsonContent(modifiedCount, 'Rows changed'), ...errorResponses(400, 401, 403, 404) },
});

export const verify = defineRoute({
  access: ['Admin'],
  method: 'put',
  path: '/users/seller/{id}',
  operationId: 'verifySeller',
  tags: ['Users'],
  summary: 'Verify a seller',
  request: { params: idParam },
  responses: { 200: jsonContent(modifiedCount, 'Rows changed'), ...errorResponses(400, 401, 403, 404, 409) },
});

export const remove = defineRoute({
  access: ['Admin'],
  method: 'delete',
  path: '/users/{id}',
  operationId: 'deleteUser',
  tags: ['Users'],
  summary: 'Delete a user',
  description:
    'Admins only, never themselves. Closes the account: no sign-in, every session and token revoked, name, ' +
    'email, phone and photo replaced by a tombstone; unsold listings leave the store and bookings awaiting ' +
    'payment end (books back on sale). Sold books, paid orders and payments stay.',
  request: { params: idParam },
  responses: {
    200: jsonContent(deletedCount, 'Users deleted'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
