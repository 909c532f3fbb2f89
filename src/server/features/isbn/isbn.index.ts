import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './isbn.handlers.ts';
import { routes } from './isbn.routes.ts';

export const isbnRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
