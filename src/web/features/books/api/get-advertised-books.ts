import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeAdvertisedCount } from '#shared/constants.ts';
import { api, unwrapPage } from '#web/lib/api.ts';

/** Home's advertised books; the server preloads this very URL with Home (server/http/web-app-pages.ts). */
export const getAdvertisedBooks = () =>
  unwrapPage(api.books.addvertise.$get({ query: { limit: String(homeAdvertisedCount) } }));

export const advertisedBooksQueryOptions = () =>
  queryOptions({ queryKey: ['books', 'advertised'], queryFn: getAdvertisedBooks });

export const useAdvertisedBooks = () => useQuery(advertisedBooksQueryOptions());
