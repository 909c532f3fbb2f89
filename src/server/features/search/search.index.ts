import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './search.handlers.ts';
import { routes } from './search.routes.ts';

export const searchRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
