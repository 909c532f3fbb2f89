import { z } from '@hono/zod-openapi';
import { pageQuerySchema } from '../../../shared/schemas/book.ts';
import { reportBookSchema, reportedBookSchema } from '../../../shared/schemas/report.ts';
import type { AppDeps } from '../../context.ts';
import { callerOf, defineRoute } from '../../http/access.ts';
import { perUserRateLimit } from '../../http/action-rate-limit.ts';
import { pageAnswer, pageResponse } from '../../http/list-page.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { dismissReports, listReportedBooks, removeReportedBook, reportBook } from './reports.service.ts';

const bookId = z.object({ id: z.uuid('not a book id') });
const reportedBookId = z.object({ bookId: z.uuid('not a book id') });
const deleted = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });

const report = defineRoute({
  access: 'signed-in',
  middleware: [perUserRateLimit('report', 'reports')],
  method: 'put',
  path: '/books/report/{id}',
  operationId: 'reportBook',
  tags: ['Reports'],
  summary: 'Report a book (any signed-in user, once per book)',
  description:
    "The book goes to the admins' queue and stays listed; once REPORT_HIDE_THRESHOLD different users (default 3) " +
    'have reported it, it leaves every public list and cannot be booked or paid until an admin dismisses the ' +
    'reports or removes it. The body, and the reason in it, are optional. A seller cannot report their own ' +
    'book; a sold book cannot be reported.',
  request: {
    params: bookId,
    body: { required: false, content: { 'application/json': { schema: reportBookSchema } } },
  },
  responses: {
    200: jsonContent(z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() }), 'Reported'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

const list = defineRoute({
  access: ['Admin'],
  method: 'get',
  path: '/reportItems',
  operationId: 'listReportedBooks',
  tags: ['Reports'],
  summary: 'Reported books (admins)',
  request: { query: pageQuerySchema },
  responses: {
    200: pageResponse(reportedBookSchema, 'Reported books, most recently reported first', 'Books in the whole list'),
    ...errorResponses(400, 401, 403),
  },
});

const dismiss = defineRoute({
  access: ['Admin'],
  method: 'delete',
  path: '/reportItems/{bookId}',
  operationId: 'dismissReports',
  tags: ['Reports'],
  summary: "Dismiss a book's reports (admins)",
  description:
    'Deletes every report of the book; a hidden book returns to the public lists. deletedCount counts reports.',
  request: { params: reportedBookId },
  responses: { 200: jsonContent(deleted, 'Reports dismissed'), ...errorResponses(400, 401, 403, 404, 409) },
});

const remove = defineRoute({
  access: ['Admin'],
  method: 'delete',
  path: '/reportItems/{bookId}/book',
  operationId: 'removeReportedBook',
  tags: ['Reports'],
  summary: 'Remove a reported book (admins)',
  description:
    'Takes a reported book that is not sold out of the store for good, with its reports; a booking of it that ' +
    'awaits payment is cancelled (a late charge is refunded).',
  request: { params: reportedBookId },
  responses: { 200: jsonContent(deleted, 'Book removed'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function reportsRoutes(deps: AppDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(report, async (c) => {
      const reporter = callerOf(c);
      const { reason } = c.req.valid('json');
      const threshold = deps.env.REPORT_HIDE_THRESHOLD;
      return c.json(await reportBook(db, c.req.valid('param').id, reporter, reason, threshold), 200);
    })
    .openapi(list, async (c) => {
      const { body, headers } = pageAnswer(await listReportedBooks(db, deps.env.CURRENCY, c.req.valid('query')));
      return c.json(body, 200, headers);
    })
    .openapi(dismiss, async (c) => {
      return c.json(await dismissReports(db, c.req.valid('param').bookId), 200);
    })
    .openapi(remove, async (c) => {
      return c.json(await removeReportedBook(db, c.req.valid('param').bookId), 200);
    });
}
