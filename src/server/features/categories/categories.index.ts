import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './categories.handlers.ts';
import { routes } from './categories.routes.ts';

export const categoriesRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
