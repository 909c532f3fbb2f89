import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './wanted.handlers.ts';
import { routes } from './wanted.routes.ts';

/** The Wanted list's calls and the notifications'. */
export const wantedRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
