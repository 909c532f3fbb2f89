import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** What the book catalogue knows of an ISBN (13 digits), through the server's cached lookup. */
export const getIsbnLookup = (isbn: string) => unwrap(api.isbn[':isbn'].$get({ param: { isbn } }));

export const isbnLookupQueryOptions = (isbn: string) =>
  queryOptions({
    queryKey: ['isbn', isbn],
    queryFn: () => getIsbnLookup(isbn),
    // The server already waited for the catalogue; the seller types the fields instead of waiting again.
    retry: false,
  });

/** The lookup of `isbn`, or nothing while the ISBN field holds no valid ISBN (null). */
export const useIsbnLookup = (isbn: string | null) =>
  useQuery({ ...isbnLookupQueryOptions(isbn ?? ''), enabled: isbn !== null });
