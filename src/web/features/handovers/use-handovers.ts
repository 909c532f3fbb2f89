import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { messages } from '#shared/messages.ts';
import { api, unwrap } from '#web/lib/api.ts';

const t = messages.handover;

/** A handover changes My Orders (['bookings', …]), My Products (['books', …]) and the admins' queue. */
function useRefreshHandovers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['bookings', 'books', 'handoverProblems'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
}

/** The seller enters the buyer's code; a refusal stays in the dialog (under the field, or above the buttons). */
export function useEnterHandoverCode() {
  const refresh = useRefreshHandovers();
  return useMutation({
    mutationFn: ({ bookingId, code }: { bookingId: string; code: string }) =>
      unwrap(api.handovers[':id'].code.$post({ param: { id: bookingId }, json: { code } })),
    onSuccess: () => toast.success(t.confirmed),
    onSettled: refresh,
  });
}

export function useReportProblem() {
  const refresh = useRefreshHandovers();
  return useMutation({
    mutationFn: ({ bookingId, reason }: { bookingId: string; reason: string }) =>
      unwrap(api.handovers[':id'].problem.$post({ param: { id: bookingId }, json: { reason } })),
    onSuccess: () => toast.success(t.reported),
    onSettled: refresh,
  });
}

function useDecision(request: (id: string) => Promise<unknown>, done: string) {
  const refresh = useRefreshHandovers();
  return useMutation({
    mutationFn: request,
    onSuccess: () => toast.success(done),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
}

export function useRefundProblem() {
  return useDecision((id) => unwrap(api.handoverProblems[':id'].refund.$post({ param: { id } })), t.refunded);
}

export function useDismissProblem() {
  return useDecision((id) => unwrap(api.handoverProblems[':id'].dismiss.$post({ param: { id } })), t.dismissed);
}
