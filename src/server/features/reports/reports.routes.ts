import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { acknowledgedDeleted, acknowledgedModified } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateChange } from '#server/http/state-calls.ts';
import { reportBookSchema, reportedBookSchema } from '#shared/schemas/report.ts';
import { reportCalls } from './reports.rate-limits.ts';

const bookId = uuidParam('id', { message: 'not a book id' });

const reportedBookId = uuidParam('bookId', { message: 'not a book id' });

const reporterId = uuidParam('id', { message: 'not a user id', description: "The reporter's user id" });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  reportBook: api.Reports.put('/books/report/{id}', 'signed-in', {
    middleware: [perUserRateLimit(reportCalls)],
    request: {
      params: bookId,
      body: { ...jsonBody(reportBookSchema), required: false },
    },
    responses: { 200: jsonContent(acknowledgedModified, 'Reported'), ...errorResponses(403, 404, 409, 429) },
  }),
  listReportedBooks: api.Reports.get('/reportItems', ['Admin'], {
    ...pageOf(reportedBookSchema, 'Reported books, most recently reported first', 'Books in the whole list'),
  }),
  dismissReports: api.Reports.delete('/reportItems/{bookId}', ['Admin'], {
    ...stateChange(reportedBookId, acknowledgedDeleted, 'Reports dismissed'),
  }),
  removeReportedBook: api.Reports.delete('/reportItems/{bookId}/book', ['Admin'], {
    ...stateChange(reportedBookId, acknowledgedDeleted, 'Book removed'),
  }),
  banReporter: api.Reports.put('/reporters/{id}/ban', ['Admin'], {
    ...stateChange(reporterId, acknowledgedModified, 'Banned from reporting'),
  }),
  unbanReporter: api.Reports.delete('/reporters/{id}/ban', ['Admin'], {
    ...stateChange(reporterId, acknowledgedModified, 'Ban lifted'),
  }),
};
