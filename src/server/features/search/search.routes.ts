import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { totalCountDeclared } from '#server/http/list-page.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { didYouMeanHeader, moreFoundHeader, searchMatches, searchMatchHeader, searchReach } from '#shared/constants.ts';
import { bookSchema } from '#shared/schemas/book.ts';
import { searchQuerySchema } from '#shared/schemas/search.ts';

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  searchBooks: api.Books.get('/search', 'anyone', {
    request: { query: searchQuerySchema },
    responses: {
      200: {
        ...jsonContent(z.array(bookSchema), 'One page of the books found'),
        headers: {
          ...totalCountDeclared(
            `Books found in all; with ${moreFoundHeader}, the ones listed (at least ${searchReach})`,
          ),
          [moreFoundHeader]: {
            schema: { type: 'string' as const, enum: ['true'] },
            description: `More books match than the search lists: its first ${searchReach} in its order, at least, are listed`,
          },
          [searchMatchHeader]: {
            schema: { type: 'string' as const, enum: [...searchMatches] },
            description: 'How the books were found',
          },
          [didYouMeanHeader]: {
            schema: { type: 'string' as const },
            description:
              'The corrected search (percent-encoded) whose books these are, when the search as typed found none',
          },
        },
      },
    },
  }),
};
