import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './isbn.handlers.ts';
import * as routes from './isbn.routes.ts';

export const isbnRouter = createRouter()
  .openapi(routes.lookUp, handlers.lookUp)
  .openapi(routes.takeCover, handlers.takeCover);
