import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './books.handlers.ts';
import * as routes from './books.routes.ts';
import * as publicHandlers from './public-books.handlers.ts';
import * as publicRoutes from './public-books.routes.ts';

const sellerCalls = ['addBook', 'listSellerBooks', 'advertiseBook', 'deleteBook', 'confirmBookDeleted'] as const;
const publicCalls = [
  'listAdvertisedBooks',
  'listAllBooks',
  'listCategoryBooks',
  'getBook',
  'listRelatedBooks',
] as const;

/** Sellers' calls, then the public catalogue's. */
export const booksRouter = createRouter()
  .openapiRoutes(routesByName(routes, handlers, sellerCalls))
  .openapiRoutes(routesByName(publicRoutes, publicHandlers, publicCalls));
