import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './reports.handlers.ts';
import * as routes from './reports.routes.ts';

export const reportsRouter = createRouter().openapiRoutes(
  routesByName(routes, handlers, [
    'reportBook',
    'listReportedBooks',
    'dismissReports',
    'removeReportedBook',
    'banReporter',
    'unbanReporter',
  ]),
);
