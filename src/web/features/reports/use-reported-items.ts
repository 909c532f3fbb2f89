import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { messages } from '#shared/messages.ts';
import { api, unwrap } from '#web/lib/api.ts';

/** After a decision the reported list and every public list of books change. */
function useReviewMutation(request: (bookId: string) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => toast.success(done),
    onError: (error) => toast.error(error.message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reportItems'] }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]),
  });
}

export function useDismissReports() {
  return useReviewMutation(
    (bookId) => unwrap(api.reportItems[':bookId'].$delete({ param: { bookId } })),
    messages.reports.dismissed,
  );
}

export function useRemoveReportedBook() {
  return useReviewMutation(
    (bookId) => unwrap(api.reportItems[':bookId'].book.$delete({ param: { bookId } })),
    messages.reports.removed,
  );
}
