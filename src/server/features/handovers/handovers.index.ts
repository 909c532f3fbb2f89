import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './handovers.handlers.ts';
import * as routes from './handovers.routes.ts';

const calls = [
  'enterHandoverCode',
  'reportHandoverProblem',
  'listHandoverProblems',
  'refundHandoverProblem',
  'dismissHandoverProblem',
] as const;

export const handoversRouter = createRouter().openapiRoutes(routesByName(routes, handlers, calls));
