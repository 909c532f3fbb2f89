import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './search.handlers.ts';
import * as routes from './search.routes.ts';

export const searchRouter = createRouter().openapiRoutes(routesByName(routes, handlers, ['searchBooks']));
