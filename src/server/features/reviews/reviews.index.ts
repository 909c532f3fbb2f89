import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './reviews.handlers.ts';
import { routes } from './reviews.routes.ts';

export const reviewsRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
