import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './reports.handlers.ts';
import * as routes from './reports.routes.ts';

export const reportsRouter = createRouter()
  .openapi(routes.report, handlers.report)
  .openapi(routes.list, handlers.list)
  .openapi(routes.dismiss, handlers.dismiss)
  .openapi(routes.remove, handlers.remove);
