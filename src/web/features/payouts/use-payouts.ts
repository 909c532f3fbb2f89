import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TestBankAccount } from '#shared/schemas/payouts.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefreshingMutation } from '#web/lib/refresh.ts';

/** Every payouts answer, refreshed together after a change. */
const payoutLists = ['payouts'];

export const platformFeeQueryOptions = () =>
  queryOptions({ queryKey: ['payouts', 'fee'], queryFn: () => unwrap(api.payouts.fee.$get()), staleTime: Infinity });
export const usePlatformFee = () => useQuery(platformFeeQueryOptions());

export const usePayoutAccount = () =>
  useQuery({ queryKey: ['payouts', 'account'], queryFn: () => unwrap(api.payouts.account.$get()) });

/** How many sales a page of Earnings shows. */
export const earningsPageSize = 50;

export const useEarnings = (page: number) =>
  useQuery({
    queryKey: ['payouts', 'earnings', page],
    queryFn: () =>
      unwrap(api.payouts.earnings.$get({ query: { page: String(page), limit: String(earningsPageSize) } })),
    placeholderData: keepPreviousData,
  });

export const usePayoutsOverview = () =>
  useQuery({ queryKey: ['payouts', 'admin'], queryFn: () => unwrap(api.payouts.admin.$get()) });

export function useSetUpTestAccount() {
  return useRefreshingMutation((json: TestBankAccount) => unwrap(api.payouts.account.test.$put({ json })), {
    done: 'Payout account saved',
    refresh: payoutLists,
    toastRefusal: false,
  });
}

/** Asks for a fresh Stripe onboarding link and goes there. */
export function useStripeOnboarding() {
  return useRefreshingMutation(
    async () => {
      const { url } = await unwrap(api.payouts.account.link.$post());
      window.location.assign(url);
    },
    { done: 'Opening Stripe…', refresh: payoutLists },
  );
}

export function useRefreshPayoutAccount() {
  return useRefreshingMutation(() => unwrap(api.payouts.account.refresh.$post()), {
    done: 'Payout account checked with Stripe',
    refresh: payoutLists,
  });
}

export function useRetryTransfer() {
  return useRefreshingMutation(
    (id: string) => unwrap(api.payouts.admin.transfers[':id'].retry.$post({ param: { id } })),
    { done: 'Transfer queued again', refresh: payoutLists },
  );
}

export function useHoldPayouts() {
  return useRefreshingMutation(
    ({ sellerId, reason }: { sellerId: string; reason: string }) =>
      unwrap(api.payouts.admin.holds[':sellerId'].$put({ param: { sellerId }, json: { reason } })),
    { done: 'Payouts held', refresh: payoutLists },
  );
}

export function useLiftPayoutHold() {
  return useRefreshingMutation(
    (sellerId: string) => unwrap(api.payouts.admin.holds[':sellerId'].$delete({ param: { sellerId } })),
    { done: 'Hold lifted', refresh: payoutLists },
  );
}
