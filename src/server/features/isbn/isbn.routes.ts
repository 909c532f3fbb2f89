import { z } from '@hono/zod-openapi';
import { uploadCalls } from '#server/features/uploads/uploads.public.ts';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonContent } from '#server/http/openapi.ts';
import { isbnLookupSchema, isbnParamSchema } from '#shared/schemas/isbn-lookup.ts';
import { isbnCalls } from './isbn.rate-limits.ts';

const isbnParam = isbnParamSchema.extend({
  isbn: isbnParamSchema.shape.isbn.openapi({ param: { description: 'An ISBN-10 or ISBN-13; hyphens allowed' } }),
});

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  lookUpIsbn: api.Books.get('/isbn/{isbn}', ['Seller'], {
    // Each new ISBN is a call to Open Library on the caller's behalf.
    middleware: [perUserRateLimit(isbnCalls)],
    request: { params: isbnParam },
    responses: { 200: jsonContent(isbnLookupSchema, 'The lookup’s answer'), ...errorResponses(429) },
  }),
  takeSuggestedCover: api.Uploads.post('/isbn/{isbn}/cover', ['Seller'], {
    middleware: [perUserRateLimit(uploadCalls)],
    request: { params: isbnParam },
    responses: {
      201: jsonContent(
        z.object({ success: z.literal(true), data: z.object({ url: z.string(), thumbnail: z.string() }) }),
        'The stored picture and its thumbnail',
      ),
      ...errorResponses(404, 413, 415, 429, 502, 503),
    },
  }),
};
