import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './price-guide.handlers.ts';
import { routes } from './price-guide.routes.ts';

export const priceGuideRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
