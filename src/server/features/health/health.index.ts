import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './health.handlers.ts';
import { routes } from './health.routes.ts';

export const healthRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
