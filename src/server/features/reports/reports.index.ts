import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './reports.handlers.ts';
import { routes } from './reports.routes.ts';

export const reportsRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
