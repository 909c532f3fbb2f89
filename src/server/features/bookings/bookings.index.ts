import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './bookings.handlers.ts';
import * as routes from './bookings.routes.ts';

const calls = ['book', 'bookedStatus', 'wishList', 'removeOrder', 'availableStatus', 'bookingItem', 'cancel'] as const;

export const bookingsRouter = createRouter().openapiRoutes(routesByName(routes, handlers, calls));
