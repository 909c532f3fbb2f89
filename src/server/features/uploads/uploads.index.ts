import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './uploads.handlers.ts';
import * as routes from './uploads.routes.ts';

export const uploadsRouter = createRouter().openapiRoutes(routesByName(routes, handlers, ['uploadBookPhoto']));
