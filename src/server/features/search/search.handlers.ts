import { sendCached } from '#server/http/cached-response.ts';
import { totalCountHeaders } from '#server/http/list-page.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { publicQueryKey } from '#server/http/public-list-keys.ts';
import { didYouMeanHeader, moreFoundHeader, searchMatchHeader } from '#shared/constants.ts';
import type { Book } from '#shared/schemas/book.ts';
import type { routes } from './search.routes.ts';
import * as search from './search.service.ts';

export const searchBooks: AppRouteHandler<typeof routes.searchBooks> = async (c) => {
  const { deps } = c.var;
  const query = c.req.valid('query');
  const answer = await deps.publicQueries.answer(publicQueryKey.search(query), async (db) => {
    const found = await search.searchBooks(db, deps.env.CURRENCY, query);
    const headers: Record<string, string> = {
      ...totalCountHeaders(found.total),
      [searchMatchHeader]: found.match,
    };
    if (found.more) headers[moreFoundHeader] = 'true';
    if (found.suggestion) headers[didYouMeanHeader] = encodeURIComponent(found.suggestion);
    return { body: JSON.stringify(found.items), headers };
  });
  return sendCached<Book[]>(c, answer);
};
