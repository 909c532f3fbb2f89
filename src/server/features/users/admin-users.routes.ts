import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Role } from '../../../shared/constants.ts';
import { pageQuerySchema } from '../../../shared/schemas/book.ts';
import { type User, userSchema } from '../../../shared/schemas/user.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { callerOf, defineRoute } from '../../http/access.ts';
import { pageAnswer, pageResponse } from '../../http/list-page.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { sendPrivateAnswer } from '../../http/private-answer.ts';
import { closeAccount } from './close-account.service.ts';
import { listUsers, makeAdmin, verifySeller } from './users.service.ts';

const idParam = z.object({ id: z.uuid().openapi({ param: { description: "The user's id" } }) });
const modified = z.object({ modifiedCount: z.number().int() });

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

const allUsers = userList('/users', 'listUsers', 'All users');
const buyers = userList('/users/buyer', 'listBuyers', 'All buyers');
const sellers = userList('/users/seller', 'listSellers', 'All sellers');

const makeAdminRoute = defineRoute({
  access: ['Admin'],
  method: 'put',
  path: '/users/makeAdmin/{id}',
  operationId: 'makeAdmin',
  tags: ['Users'],
  summary: 'Make a user an admin',
  request: {
    params: idParam,
    body: { required: true, content: { 'application/json': { schema: z.object({ role: z.literal('Admin') }) } } },
  },
  responses: { 200: jsonContent(modified, 'Rows changed'), ...errorResponses(400, 401, 403, 404) },
});

const verifyRoute = defineRoute({
  access: ['Admin'],
  method: 'put',
  path: '/users/seller/{id}',
  operationId: 'verifySeller',
  tags: ['Users'],
  summary: 'Verify a seller',
  request: { params: idParam },
  responses: { 200: jsonContent(modified, 'Rows changed'), ...errorResponses(400, 401, 403, 404, 409) },
});

const deleteRoute = defineRoute({
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
    200: jsonContent(z.object({ deletedCount: z.number().int() }), 'Users deleted'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

/** What admins do with users: list them, make admins, verify sellers, delete. */
export function adminUsersRoutes(deps: AppDeps) {
  const list = (c: Context<AppEnv>, role: Role | undefined, query: z.infer<typeof pageQuerySchema>) =>
    sendPrivateAnswer<User[]>(c, query, async () => pageAnswer(await listUsers(deps.db, role, query)));
  return createRouter()
    .openapi(allUsers, async (c) => list(c, undefined, c.req.valid('query')))
    .openapi(buyers, async (c) => list(c, 'Buyer', c.req.valid('query')))
    .openapi(sellers, async (c) => list(c, 'Seller', c.req.valid('query')))
    .openapi(makeAdminRoute, async (c) =>
      c.json({ modifiedCount: await makeAdmin(deps.db, c.req.valid('param').id) }, 200),
    )
    .openapi(verifyRoute, async (c) =>
      c.json({ modifiedCount: await verifySeller(deps.db, c.req.valid('param').id) }, 200),
    )
    .openapi(deleteRoute, async (c) => {
      const admin = callerOf(c);
      const closed = { id: c.req.valid('param').id, by: admin.id, hideThreshold: deps.env.REPORT_HIDE_THRESHOLD };
      return c.json({ deletedCount: await closeAccount(deps.db, closed) }, 200);
    });
}
