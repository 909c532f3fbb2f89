import { AppError } from '#server/app-error.ts';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { bodyLimit } from '#server/http/body-limit.ts';
import { deletedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { texts } from '#shared/i18n/texts.ts';
import {
  draftSchema,
  draftsQuerySchema,
  publishDraftsSchema,
  publishedSchema,
  shelfImportMaxChars,
  shelfImportSchema,
  shelfLineSchema,
  shelfLinesQuerySchema,
  startShelfImportSchema,
  updateDraftSchema,
} from '#shared/schemas/shelf.ts';
import { shelfImportCalls } from './shelf.rate-limits.ts';

/** The import's path, which takes a larger body than the API's 64 KB (app.ts leaves it to the route's own limit). */
export const shelfImportPath = '/shelf/imports';

/** A catalogue export of thousands of books, as JSON text (escapes may double some characters). */
const importBodyLimit = bodyLimit({
  maxSize: shelfImportMaxChars * 2 + 64 * 1024,
  onError: () => {
    throw new AppError('TOO_LARGE', texts.shelf.fileTooLarge, { field: 'text' });
  },
});

const importId = uuidParam('id', { message: 'not an import id', description: "The import's id" });
const draftId = uuidParam('id', { message: texts.shelf.notADraftId, description: "The draft's id" });

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  startShelfImport: api.Shelf.post(shelfImportPath, ['Seller'], {
    middleware: [importBodyLimit, perUserRateLimit(shelfImportCalls)],
    request: { body: jsonBody(startShelfImportSchema) },
    responses: {
      202: jsonContent(shelfImportSchema, 'The import, queued to be read'),
      ...errorResponses(409, 413, 429),
    },
  }),
  getShelfImport: api.Shelf.get('/shelf/imports/{id}', ['Seller'], {
    request: { params: importId },
    responses: { 200: jsonContent(shelfImportSchema, 'The import and its progress'), ...errorResponses(404) },
  }),
  listShelfImportLines: api.Shelf.get('/shelf/imports/{id}/lines', ['Seller'], {
    ...pageOf(shelfLineSchema, 'The lines in order, with what became of each', 'Lines in all', {
      params: importId,
      query: shelfLinesQuerySchema,
      errors: [404],
    }),
  }),
  listDrafts: api.Shelf.get('/shelf/drafts', ['Seller'], {
    ...pageOf(draftSchema, 'Drafts in the order they were made', 'Drafts in all (with the filter)', {
      query: draftsQuerySchema,
    }),
  }),
  publishDrafts: api.Shelf.post('/shelf/drafts/publish', ['Seller'], {
    request: { body: jsonBody(publishDraftsSchema) },
    responses: { 201: jsonContent(publishedSchema, 'The listings made'), ...errorResponses(404, 429) },
  }),
  updateDraft: api.Shelf.put('/shelf/drafts/{id}', ['Seller'], {
    request: { params: draftId, body: jsonBody(updateDraftSchema) },
    responses: { 200: jsonContent(draftSchema, 'The draft as it is now'), ...errorResponses(404) },
  }),
  discardDraft: api.Shelf.delete('/shelf/drafts/{id}', ['Seller'], {
    request: { params: draftId },
    responses: { 200: jsonContent(deletedCount, 'Discarded'), ...errorResponses(404) },
  }),
};
