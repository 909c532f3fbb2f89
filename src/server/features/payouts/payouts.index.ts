import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './payouts.handlers.ts';
import { routes } from './payouts.routes.ts';

/** A seller's payout account and earnings, the admins' payouts page, and Stripe Connect's webhook (ADR 026). */
export const payoutsRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
