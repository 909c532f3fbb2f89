import type { AppRouteHandler } from '#server/http/openapi.ts';
import type { routes } from './price-guide.routes.ts';
import * as priceGuide from './price-guide.service.ts';

export const getPriceGuide: AppRouteHandler<typeof routes.getPriceGuide> = async (c) => {
  const { deps } = c.var;
  return c.json(await priceGuide.getPriceGuide(deps.db, deps.env.CURRENCY, c.req.valid('query')), 200);
};
