import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { acknowledgedDeleted, acknowledgedModified } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { reportBookSchema, reportedBookSchema } from '#shared/schemas/report.ts';

const bookId = uuidParam('id', { message: 'not a book id' });
const reportedBookId = uuidParam('bookId', { message: 'not a book id' });

export const report = api.Reports.put('/books/report/{id}', {
  access: 'signed-in',
  middleware: [perUserRateLimit('report', 'reports')],
  operationId: 'reportBook',
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
  responses: { 200: jsonContent(acknowledgedModified, 'Reported'), ...errorResponses(403, 404, 409, 429) },
});

export const list = api.Reports.get('/reportItems', {
  access: ['Admin'],
  operationId: 'listReportedBooks',
  summary: 'Reported books (admins)',
  ...pageOf(reportedBookSchema, 'Reported books, most recently reported first', 'Books in the whole list'),
});

export const dismiss = api.Reports.delete('/reportItems/{bookId}', {
  access: ['Admin'],
  operationId: 'dismissReports',
  summary: "Dismiss a book's reports (admins)",
  description:
    'Deletes every report of the book; a hidden book returns to the public lists. deletedCount counts reports.',
  request: { params: reportedBookId },
  responses: { 200: jsonContent(acknowledgedDeleted, 'Reports dismissed'), ...errorResponses(404, 409) },
});

export const remove = api.Reports.delete('/reportItems/{bookId}/book', {
  access: ['Admin'],
  operationId: 'removeReportedBook',
  summary: 'Remove a reported book (admins)',
  description:
    'Takes a reported book that is not sold out of the store for good, with its reports; a booking of it that ' +
    'awaits payment is cancelled (a late charge is refunded).',
  request: { params: reportedBookId },
  responses: { 200: jsonContent(acknowledgedDeleted, 'Book removed'), ...errorResponses(404, 409) },
});
