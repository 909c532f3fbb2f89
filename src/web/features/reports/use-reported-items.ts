import { texts } from '#shared/i18n/texts.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefreshingMutation } from '#web/lib/refresh.ts';

const m = texts.reports;

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

/** An admin bans a reporter (by their user id): their reports stop counting, so books they hid may be listed again. */
export function useBanReporter() {
  return useDecision((id) => unwrap(api.reporters[':id'].ban.$put({ param: { id } })), m.banned);
}

/** An admin lifts a reporter's ban: their reports count again, so books they report may leave the public lists. */
export function useUnbanReporter() {
  return useDecision((id) => unwrap(api.reporters[':id'].ban.$delete({ param: { id } })), m.unbanned);
}
