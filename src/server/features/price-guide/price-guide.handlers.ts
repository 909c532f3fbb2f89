import type { AppRouteHandler } from '#server/http/openapi.ts';
import type * as routes from './price-guide.routes.ts';
import { getPriceGuide } from './price-guide.service.ts';

export const priceGuide: AppRouteHandler<typeof routes.priceGuide> = async (c) => {
  const { deps } = c.var;
  return c.json(await getPriceGuide(deps.db, deps.env.CURRENCY, c.req.valid('query')), 200);
};
