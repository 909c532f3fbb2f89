import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './shelf.handlers.ts';
import { routes } from './shelf.routes.ts';

export const shelfRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
