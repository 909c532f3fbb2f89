import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './isbn.handlers.ts';
import * as routes from './isbn.routes.ts';

export const isbnRouter = createRouter().openapiRoutes(
  routesByName(routes, handlers, ['lookUpIsbn', 'takeSuggestedCover']),
);
