import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** What the guide is asked about: an ISBN, or a title and an author, or both (the ISBN goes first). */
export interface PriceGuideAsk {
  isbn?: string;
  title?: string;
  author?: string;
}

export const getPriceGuide = (ask: PriceGuideAsk) => unwrap(api['price-guide'].$get({ query: ask }));

export const priceGuideQueryOptions = (ask: PriceGuideAsk) =>
  queryOptions({
    // Under 'books': listing a book changes the guidance, and invalidates every ['books'] query.
    queryKey: ['books', 'price-guide', ask],
    queryFn: () => getPriceGuide(ask),
    // While the next answer loads, the panel keeps showing the last one instead of a spinner.
    placeholderData: keepPreviousData,
  });

/** The guidance, asked only when there is something to ask about. */
export const usePriceGuide = (ask: PriceGuideAsk | null) =>
  useQuery({ ...priceGuideQueryOptions(ask ?? {}), enabled: ask !== null });
