import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { totalCountDeclared } from '#server/http/list-page.ts';
import { jsonContent } from '#server/http/openapi.ts';
import {
  bookDefects,
  didYouMeanHeader,
  moreFoundHeader,
  searchMatches,
  searchMatchHeader,
  searchReach,
  searchSorts,
} from '#shared/constants.ts';
import { bookSchema } from '#shared/schemas/book.ts';
import { searchQuerySchema } from '#shared/schemas/search.ts';

export const search = api.Books.get('/search', {
  access: 'anyone',
  operationId: 'searchBooks',
  summary: 'Search the listed books',
  description:
    'Full text over title, author, category and description (title and author weigh most; English stemming; ' +
    'accents ignored), or an ISBN-10/13. When nothing matches, mistyped words are corrected (`X-Did-You-Mean`), ' +
    'then titles and authors similar to the search are tried; `X-Search-Match` says which answered. Only ' +
    `Available books that reports have not hidden. \`without\` (a comma-separated list of ${bookDefects.join(', ')}) ` +
    'leaves out the books with any of those defects; `signed=true` keeps only the copies signed by the author. ' +
    `Sorts: ${searchSorts.join(', ')} (relevance by default; ` +
    `newest first without words). A search lists at most its first ${searchReach} books; when more match it says ` +
    `so (${moreFoundHeader}) instead of counting them. Any text up to 200 characters is a search; longer, or a ` +
    'filter out of range, is 400.',
  request: { query: searchQuerySchema },
  responses: {
    200: {
      ...jsonContent(z.array(bookSchema), 'One page of the books found'),
      headers: {
        ...totalCountDeclared(`Books found in all; with ${moreFoundHeader}, the ones listed (at least ${searchReach})`),
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
});
