import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './books.handlers.ts';
import * as routes from './books.routes.ts';
import * as publicHandlers from './public-books.handlers.ts';
import * as publicRoutes from './public-books.routes.ts';

/** Sellers' calls, then the public catalogue's. */
export const booksRouter = createRouter()
  .openapi(routes.add, handlers.add)
  .openapi(routes.ofSeller, handlers.ofSeller)
  .openapi(routes.advertise, handlers.advertise)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.confirmRemoved, handlers.confirmRemoved)
  .openapi(publicRoutes.advertised, publicHandlers.advertised)
  .openapi(publicRoutes.all, publicHandlers.all)
  .openapi(publicRoutes.ofCategory, publicHandlers.ofCategory)
  .openapi(publicRoutes.oneBook, publicHandlers.oneBook)
  .openapi(publicRoutes.related, publicHandlers.related);
