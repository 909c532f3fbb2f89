import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './payments.handlers.ts';
import { routes } from './payments.routes.ts';
import * as callbackHandlers from './provider-callbacks.handlers.ts';
import { routes as callbackRoutes } from './provider-callbacks.routes.ts';

/** The buyer's calls, then the card processors' own: the test provider's card confirmation, Stripe's webhook. */
export const paymentsRouter = createRouter()
  .openapiRoutes(routesOf(routes, handlers))
  .openapiRoutes(routesOf(callbackRoutes, callbackHandlers));
