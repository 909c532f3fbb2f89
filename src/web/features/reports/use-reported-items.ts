import { pageMessages } from '#shared/page-messages.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefreshingMutation } from '#web/lib/refresh.ts';

const m = pageMessages.reports;

/** An admin's decision on a reported book; afterwards the reported list and every public list of books change. */
function useDecision(decide: (bookId: string) => Promise<unknown>, done: string) {
  return useRefreshingMutation(decide, { done, refresh: ['reportItems', 'books'] });
}

export function useDismissReports() {
  return useDecision((bookId) => unwrap(api.reportItems[':bookId'].$delete({ param: { bookId } })), m.dismissed);
}

export function useRemoveReportedBook() {
  return useDecision((bookId) => unwrap(api.reportItems[':bookId'].book.$delete({ param: { bookId } })), m.removed);
}
