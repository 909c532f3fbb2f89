import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './price-guide.handlers.ts';
import * as routes from './price-guide.routes.ts';

export const priceGuideRouter = createRouter().openapi(routes.priceGuide, handlers.priceGuide);
