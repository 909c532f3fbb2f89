import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './bundles.handlers.ts';
import { routes } from './bundles.routes.ts';

export const bundlesRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
