import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './health.handlers.ts';
import * as routes from './health.routes.ts';

export const healthRouter = createRouter()
  .openapi(routes.health, handlers.health)
  .openapi(routes.ready, handlers.ready);
