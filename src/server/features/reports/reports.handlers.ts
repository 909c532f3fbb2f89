import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import type * as routes from './reports.routes.ts';
import { dismissReports, listReportedBooks, removeReportedBook, reportBook } from './reports.service.ts';

export const report: AppRouteHandler<typeof routes.report> = async (c) => {
  const { deps } = c.var;
  const reporter = callerOf(c);
  const { reason } = c.req.valid('json');
  const threshold = deps.env.REPORT_HIDE_THRESHOLD;
  return c.json(await reportBook(deps.db, c.req.valid('param').id, reporter, reason, threshold), 200);
};

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const { deps } = c.var;
  const { body, headers } = pageAnswer(await listReportedBooks(deps.db, deps.env.CURRENCY, c.req.valid('query')));
  return c.json(body, 200, headers);
};

export const dismiss: AppRouteHandler<typeof routes.dismiss> = async (c) =>
  c.json(await dismissReports(c.var.deps.db, c.req.valid('param').bookId), 200);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) =>
  c.json(await removeReportedBook(c.var.deps.db, c.req.valid('param').bookId), 200);
