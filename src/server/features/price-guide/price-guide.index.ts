import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './price-guide.handlers.ts';
import * as routes from './price-guide.routes.ts';

export const priceGuideRouter = createRouter().openapiRoutes(routesByName(routes, handlers, ['getPriceGuide']));
