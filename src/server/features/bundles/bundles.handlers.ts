import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import * as discounts from './bundle-discounts.service.ts';
import type { routes } from './bundles.routes.ts';
import * as bundles from './bundles.service.ts';

export const quoteBundle: AppRouteHandler<typeof routes.quoteBundle> = async (c) => {
  const { deps } = c.var;
  return c.json(await bundles.quoteBundle(deps.db, deps.env.CURRENCY, c.req.valid('json').bookIds), 200);
};

export const bookBundle: AppRouteHandler<typeof routes.bookBundle> = async (c) => {
  const { deps } = c.var;
  const { bookIds, contact, meetinglocation, total } = c.req.valid('json');
  const insertedId = await bundles.bookBundle(deps.db, {
    bookIds,
    buyer: callerOf(c),
    contact,
    meetingLocation: meetinglocation,
    total,
    holdMs: deps.env.BOOKING_HOLD,
    maxOpenHolds: deps.env.MAX_OPEN_HOLDS,
    currency: deps.env.CURRENCY,
  });
  return c.json({ acknowledged: true, insertedId }, 200);
};

export const getBundleDiscount: AppRouteHandler<typeof routes.getBundleDiscount> = async (c) =>
  c.json(await discounts.sellerDiscount(c.var.deps.db, c.req.valid('param').id), 200);

export const saveBundleDiscount: AppRouteHandler<typeof routes.saveBundleDiscount> = async (c) =>
  c.json(await discounts.saveDiscount(c.var.deps.db, callerOf(c).id, c.req.valid('json')), 200);

export const removeBundleDiscount: AppRouteHandler<typeof routes.removeBundleDiscount> = async (c) =>
  c.json(await discounts.removeDiscount(c.var.deps.db, callerOf(c).id), 200);
