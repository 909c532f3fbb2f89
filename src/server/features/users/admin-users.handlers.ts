import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { sendPrivateAnswer } from '#server/http/private-answer.ts';
import type { ListedUser, UserListQuery } from '#shared/schemas/user.ts';
import * as adminRole from './admin-role.service.ts';
import type { routes } from './admin-users.routes.ts';
import { closeAccount } from './close-account.service.ts';
import * as users from './users.service.ts';

const list = (c: Context<AppEnv>, query: UserListQuery) =>
  sendPrivateAnswer<ListedUser[]>(c, query, async () => pageAnswer(await users.listUsers(c.var.deps.db, query)));

export const listUsers: AppRouteHandler<typeof routes.listUsers> = async (c) => list(c, c.req.valid('query'));

export const listBuyers: AppRouteHandler<typeof routes.listBuyers> = async (c) =>
  list(c, { ...c.req.valid('query'), role: 'Buyer' });

export const listSellers: AppRouteHandler<typeof routes.listSellers> = async (c) =>
  list(c, { ...c.req.valid('query'), role: 'Seller' });

export const makeAdmin: AppRouteHandler<typeof routes.makeAdmin> = async (c) =>
  c.json({ modifiedCount: await adminRole.makeAdmin(c.var.deps.db, c.req.valid('param').id) }, 200);

export const revokeAdmin: AppRouteHandler<typeof routes.revokeAdmin> = async (c) => {
  const revoked = { id: c.req.valid('param').id, by: callerOf(c).id };
  return c.json({ modifiedCount: await adminRole.revokeAdmin(c.var.deps.db, revoked) }, 200);
};

export const verifySeller: AppRouteHandler<typeof routes.verifySeller> = async (c) =>
  c.json({ modifiedCount: await users.verifySeller(c.var.deps.db, c.req.valid('param').id) }, 200);

export const deleteUser: AppRouteHandler<typeof routes.deleteUser> = async (c) => {
  const { deps } = c.var;
  const admin = callerOf(c);
  const closed = { id: c.req.valid('param').id, by: admin.id, hideThreshold: deps.env.REPORT_HIDE_THRESHOLD };
  return c.json({ deletedCount: await closeAccount(deps.db, closed) }, 200);
};
