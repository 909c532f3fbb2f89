import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import type * as routes from './reports.routes.ts';
import * as reports from './reports.service.ts';

export const reportBook: AppRouteHandler<typeof routes.reportBook> = async (c) => {
  const { deps } = c.var;
  const reporter = callerOf(c);
  const { reason } = c.req.valid('json');
  const threshold = deps.env.REPORT_HIDE_THRESHOLD;
  return c.json(await reports.reportBook(deps.db, c.req.valid('param').id, reporter, reason, threshold), 200);
};

export const listReportedBooks: AppRouteHandler<typeof routes.listReportedBooks> = async (c) => {
  const { deps } = c.var;
  const { body, headers } = pageAnswer(
    await reports.listReportedBooks(deps.db, deps.env.CURRENCY, c.req.valid('query')),
  );
  return c.json(body, 200, headers);
};

export const dismissReports: AppRouteHandler<typeof routes.dismissReports> = async (c) =>
  c.json(await reports.dismissReports(c.var.deps.db, c.req.valid('param').bookId), 200);

export const removeReportedBook: AppRouteHandler<typeof routes.removeReportedBook> = async (c) =>
  c.json(await reports.removeReportedBook(c.var.deps.db, c.req.valid('param').bookId), 200);
