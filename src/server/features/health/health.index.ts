import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './health.handlers.ts';
import * as routes from './health.routes.ts';

export const healthRouter = createRouter().openapiRoutes(routesByName(routes, handlers, ['getHealth', 'getReadiness']));
