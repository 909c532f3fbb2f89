import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as handlers from './mail.handlers.ts';
import { routes } from './mail.routes.ts';

/** What a person can say about the mail they get: through the links in it, and signed in about those links. */
export const mailRouter = createRouter().openapiRoutes(routesOf(routes, handlers));
