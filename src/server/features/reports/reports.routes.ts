import { defineRoute } from '#server/http/access.ts';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { acknowledgedDeleted, acknowledgedModified } from '#server/http/change-counts.ts';
import { pageResponse } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { pageQuerySchema } from '#shared/schemas/book.ts';
import { reportBookSchema, reportedBookSchema } from '#shared/schemas/report.ts';

const bookId = uuidParam('id', { message: 'not a book id' });
const reportedBookId = uuidParam('bookId', { message: 'not a book id' });

export const report = defineRoute({
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
    body: { ...jsonBody(reportBookSchema), required: false },
  },
  responses: {
    200: jsonContent(acknowledgedModified, 'Reported'),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const list = defineRoute({
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

export const dismiss = defineRoute({
  access: ['Admin'],
  method: 'delete',
  path: '/reportItems/{bookId}',
  operationId: 'dismissReports',
  tags: ['Reports'],
  summary: "Dismiss a book's reports (admins)",
  description:
    'Deletes every report of the book; a hidden book returns to the public lists. deletedCount counts reports.',
  request: { params: reportedBookId },
  responses: { 200: jsonContent(acknowledgedDeleted, 'Reports dismissed'), ...errorResponses(400, 401, 403, 404, 409) },
});

export const remove = defineRoute({
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
  responses: { 200: jsonContent(acknowledgedDeleted, 'Book removed'), ...errorResponses(400, 401, 403, 404, 409) },
});
