import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './categories.handlers.ts';
import * as routes from './categories.routes.ts';

export const categoriesRouter = createRouter().openapiRoutes(routesByName(routes, handlers, ['listCategories']));
