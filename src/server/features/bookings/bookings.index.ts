import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './bookings.handlers.ts';
import * as routes from './bookings.routes.ts';

export const bookingsRouter = createRouter()
  .openapi(routes.book, handlers.book)
  .openapi(routes.bookedStatus, handlers.bookedStatus)
  .openapi(routes.wishList, handlers.wishList)
  .openapi(routes.removeOrder, handlers.removeOrder)
  .openapi(routes.availableStatus, handlers.availableStatus)
  .openapi(routes.bookingItem, handlers.bookingItem)
  .openapi(routes.cancel, handlers.cancel);
