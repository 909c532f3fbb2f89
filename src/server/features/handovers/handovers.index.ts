import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './handovers.handlers.ts';
import * as routes from './handovers.routes.ts';

export const handoversRouter = createRouter()
  .openapi(routes.enterCode, handlers.enterCode)
  .openapi(routes.reportProblem, handlers.reportProblem)
  .openapi(routes.listProblems, handlers.listProblems)
  .openapi(routes.refund, handlers.refund)
  .openapi(routes.dismiss, handlers.dismiss);
