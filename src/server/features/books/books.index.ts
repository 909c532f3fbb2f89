import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './books.handlers.ts';
import { routes } from './books.routes.ts';
import * as publicHandlers from './public-books.handlers.ts';
import { routes as publicRoutes } from './public-books.routes.ts';

/** Sellers' calls, then the public catalogue's. */
export const booksRouter = createRouter()
  .openapiRoutes(routesOf(routes, handlers))
  .openapiRoutes(routesOf(publicRoutes, publicHandlers));
