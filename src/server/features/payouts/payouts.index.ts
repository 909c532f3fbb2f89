import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './payouts.handlers.ts';
import * as routes from './payouts.routes.ts';

const calls = [
  'getPlatformFee',
  'getPayoutAccount',
  'setUpTestPayoutAccount',
  'createPayoutAccountLink',
  'refreshPayoutAccount',
  'getEarnings',
  'exportEarnings',
  'getPayoutsOverview',
  'retryTransfer',
  'holdPayouts',
  'liftPayoutHold',
  'receiveConnectWebhook',
] as const;

/** A seller's payout account and earnings, the admins' payouts page, and Stripe Connect's webhook (ADR 026). */
export const payoutsRouter = createRouter().openapiRoutes(routesByName(routes, handlers, calls));
