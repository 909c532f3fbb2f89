import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './handovers.handlers.ts';
import { routes } from './handovers.routes.ts';

export const handoversRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
