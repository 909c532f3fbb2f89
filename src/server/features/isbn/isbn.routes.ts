import { z } from '@hono/zod-openapi';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { isbnLookupSchema, isbnParamSchema } from '#shared/schemas/isbn-lookup.ts';

const isbnParam = isbnParamSchema.extend({
  isbn: isbnParamSchema.shape.isbn.openapi({ param: { description: 'An ISBN-10 or ISBN-13; hyphens allowed' } }),
});

export const lookUp = api.Books.get('/isbn/{isbn}', {
  access: ['Seller'],
  // Each new ISBN is a call to Open Library on the caller's behalf.
  middleware: [perUserRateLimit('isbn', 'ISBN lookups')],
  operationId: 'lookUpIsbn',
  summary: 'What the book catalogue knows of an ISBN (sellers, for the add-a-book form)',
  description:
    'Title, author, publisher, publication year and a suggested cover from Open Library (ISBN_LOOKUP_URL), ' +
    'asked with a 3 s timeout and cached: a found ISBN for 30 days, an unknown one for 7, a failure for a minute. ' +
    'When the catalogue fails, an earlier answer is served; without one the status is `unavailable`. ' +
    'The cover is an address on the catalogue’s server, for showing: POST /api/isbn/{isbn}/cover stores it. ' +
    'Lookups count against the per-user limit ACTION_RATE_LIMIT: 429 beyond.',
  request: { params: isbnParam },
  responses: { 200: jsonContent(isbnLookupSchema, 'The lookup’s answer'), ...errorResponses(429) },
});

export const takeCover = api.Uploads.post('/isbn/{isbn}/cover', {
  access: ['Seller'],
  middleware: [perUserRateLimit('upload', 'uploads')],
  operationId: 'takeSuggestedCover',
  summary: 'Store the cover the ISBN lookup suggested, as an upload of your own (sellers)',
  description:
    'The server fetches the cover that the cached lookup of this ISBN names (404 without one) and stores it as ' +
    'POST /api/upload does (content checked, re-encoded to WebP with a thumbnail); its URL can then be a ' +
    "listing's `image`. Counts against the uploads' per-user limit. 502 when the catalogue does not send it.",
  request: { params: isbnParam },
  responses: {
    201: jsonContent(
      z.object({ success: z.literal(true), data: z.object({ url: z.string(), thumbnail: z.string() }) }),
      'The stored picture and its thumbnail',
    ),
    ...errorResponses(404, 413, 415, 429, 502),
  },
});
