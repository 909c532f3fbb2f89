import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { callerOf } from '#server/http/access.ts';
import { pageAnswer } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import * as reporters from './reporters.service.ts';
import type { routes } from './reports.routes.ts';
import * as reports from './reports.service.ts';

export const reportBook: AppRouteHandler<typeof routes.reportBook> = async (c) => {
  const { deps } = c.var;
  const reporter = callerOf(c);
  const { reason } = c.req.valid('json');
  const rules = { hideThreshold: deps.env.REPORT_HIDE_THRESHOLD, minAccountAgeMs: deps.env.REPORT_MIN_ACCOUNT_AGE };
  return c.json(await reports.reportBook(deps.db, c.req.valid('param').id, reporter, reason, rules), 200);
};

export const listReportedBooks: AppRouteHandler<typeof routes.listReportedBooks> = async (c) => {
  const { deps } = c.var;
  const { body, headers } = pageAnswer(
    await reports.listReportedBooks(deps.db, deps.env.CURRENCY, c.req.valid('query')),
  );
  return c.json(body, 200, headers);
};

export const dismissReports: AppRouteHandler<typeof routes.dismissReports> = async (c) => {
  const { deps } = c.var;
  const { bookId } = c.req.valid('param');
  return c.json(await reports.dismissReports(deps.db, bookId, callerOf(c).id, deps.env.REPORT_HIDE_THRESHOLD), 200);
};

export const removeReportedBook: AppRouteHandler<typeof routes.removeReportedBook> = async (c) =>
  c.json(await reports.removeReportedBook(c.var.deps.db, c.req.valid('param').bookId), 200);

/** Which account an admin bans or lets report again, by whom, and the threshold its reports are counted against. */
const banChange = (c: Context<AppEnv>, id: string) => ({
  id,
  by: callerOf(c).id,
  hideThreshold: c.var.deps.env.REPORT_HIDE_THRESHOLD,
});

export const banReporter: AppRouteHandler<typeof routes.banReporter> = async (c) =>
  c.json(await reporters.banReporter(c.var.deps.db, banChange(c, c.req.valid('param').id)), 200);

export const unbanReporter: AppRouteHandler<typeof routes.unbanReporter> = async (c) =>
  c.json(await reporters.unbanReporter(c.var.deps.db, banChange(c, c.req.valid('param').id)), 200);
