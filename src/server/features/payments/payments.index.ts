import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './payments.handlers.ts';
import * as routes from './payments.routes.ts';
import * as callbackHandlers from './provider-callbacks.handlers.ts';
import * as callbackRoutes from './provider-callbacks.routes.ts';

/** The buyer's calls, then the card processors' own: the test provider's card confirmation, Stripe's webhook. */
export const paymentsRouter = createRouter()
  .openapiRoutes(routesByName(routes, handlers, ['createPaymentIntent', 'recordPayment', 'markBookSold']))
  .openapiRoutes(routesByName(callbackRoutes, callbackHandlers, ['confirmTestPayment', 'receiveStripeWebhook']));
