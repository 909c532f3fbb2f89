import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './bookings.handlers.ts';
import * as routes from './bookings.routes.ts';

const calls = [
  'bookBook',
  'markBookBooked',
  'listBuyerBookings',
  'deleteBooking',
  'markBookAvailable',
  'getBooking',
  'cancelBooking',
] as const;

export const bookingsRouter = createRouter().openapiRoutes(routesByName(routes, handlers, calls));
