import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { texts } from '#shared/i18n/texts.ts';
import type { BundleDiscount, BundleRequest } from '#shared/schemas/bundle.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefresh, useRefreshingMutation } from '#web/lib/refresh.ts';

/** What the bundle's books cost now (nothing is held by asking). */
export const useBundleQuote = (bookIds: string[]) =>
  useQuery({
    queryKey: ['bundles', 'quote', bookIds],
    queryFn: () => unwrap(api.bundles.quote.$post({ json: { bookIds } })),
    enabled: bookIds.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The booked bundle's order (under the key My Orders' item uses, so the two share it). */
export const useBundleOrder = (id: string) =>
  useQuery({
    queryKey: ['bookings', 'item', id],
    queryFn: () => unwrap(api.bookingItems[':id'].$get({ param: { id } })),
    retry: false,
  });

/** A seller's bundle discount, null when they offer none. */
export const useSellerDiscount = (sellerId: string, enabled = true) =>
  useQuery({
    queryKey: ['bundles', 'discount', sellerId],
    queryFn: () => unwrap(api.sellers[':id']['bundle-discount'].$get({ param: { id: sellerId } })),
    enabled: enabled && sellerId !== '',
    retry: false,
    staleTime: 60_000,
  });

/**
 * Books the bundle; refreshes the orders and the book lists once booked. A refusal (a book booked by someone else
 * first, a price that changed) asks for the quote again, so the page marks the book and shows the new total.
 */
export function useBookBundle() {
  const refresh = useRefresh(['bookings', 'books', 'bundles']);
  const requote = useRefresh(['bundles']);
  return useMutation({
    mutationFn: (bundle: BundleRequest) => unwrap(api.bundles.$post({ json: bundle })),
    onSuccess: () => refresh(),
    onError: () => requote(),
  });
}

export function useSaveDiscount() {
  return useRefreshingMutation(
    (discount: BundleDiscount) => unwrap(api.users.me['bundle-discount'].$put({ json: discount })),
    { done: texts.bundles.discount.saved, refresh: ['bundles'] },
  );
}

export function useRemoveDiscount() {
  return useRefreshingMutation(() => unwrap(api.users.me['bundle-discount'].$delete()), {
    done: texts.bundles.discount.removed,
    refresh: ['bundles'],
  });
}
