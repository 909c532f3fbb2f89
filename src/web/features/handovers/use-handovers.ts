import { texts } from '#shared/i18n/texts.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefreshingMutation } from '#web/lib/refresh.ts';

const t = texts.handover;

/** A handover changes My Orders (['bookings', …]), My Products (['books', …]) and the admins' queue. */
const handoverLists = ['bookings', 'books', 'handoverProblems'];

/** The seller enters the buyer's code; a refusal stays in the dialog (under the field, or above the buttons). */
export function useEnterHandoverCode() {
  return useRefreshingMutation(
    ({ bookingId, code }: { bookingId: string; code: string }) =>
      unwrap(api.handovers[':id'].code.$post({ param: { id: bookingId }, json: { code } })),
    { done: t.confirmed, refresh: handoverLists, toastRefusal: false },
  );
}

export function useReportProblem() {
  return useRefreshingMutation(
    ({ bookingId, reason }: { bookingId: string; reason: string }) =>
      unwrap(api.handovers[':id'].problem.$post({ param: { id: bookingId }, json: { reason } })),
    { done: t.reported, refresh: handoverLists, toastRefusal: false },
  );
}

export function useRefundProblem() {
  return useRefreshingMutation((id: string) => unwrap(api.handoverProblems[':id'].refund.$post({ param: { id } })), {
    done: texts.handoverProblems.refunded,
    refresh: handoverLists,
  });
}

export function useDismissProblem() {
  return useRefreshingMutation((id: string) => unwrap(api.handoverProblems[':id'].dismiss.$post({ param: { id } })), {
    done: texts.handoverProblems.dismissed,
    refresh: handoverLists,
  });
}
