import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './uploads.handlers.ts';
import { routes } from './uploads.routes.ts';

export const uploadsRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
