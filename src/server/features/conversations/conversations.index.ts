import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './conversations.handlers.ts';
import { routes } from './conversations.routes.ts';

export const conversationsRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
