import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './bookings.handlers.ts';
import { routes } from './bookings.routes.ts';

export const bookingsRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
