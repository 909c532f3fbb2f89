import { pageMessages } from '#shared/page-messages.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefreshingMutation } from '#web/lib/refresh.ts';

/** After a decision the reported list and every public list of books change. */
const reviewedLists = ['reportItems', 'books'];

export function useDismissReports() {
  return useRefreshingMutation((bookId: string) => unwrap(api.reportItems[':bookId'].$delete({ param: { bookId } })), {
    done: pageMessages.reports.dismissed,
    refresh: reviewedLists,
  });
}

export function useRemoveReportedBook() {
  return useRefreshingMutation(
    (bookId: string) => unwrap(api.reportItems[':bookId'].book.$delete({ param: { bookId } })),
    { done: pageMessages.reports.removed, refresh: reviewedLists },
  );
}
