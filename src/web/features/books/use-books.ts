import { texts } from '#shared/i18n/texts.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefreshingMutation } from '#web/lib/refresh.ts';

export function useAdvertiseBook() {
  return useRefreshingMutation((id: string) => unwrap(api.books[':id'].$put({ param: { id } })), {
    done: texts.toast.advertised,
    refresh: ['books'],
  });
}

export function useDeleteBook() {
  return useRefreshingMutation((id: string) => unwrap(api.books[':id'].$delete({ param: { id } })), {
    done: texts.toast.deleted,
    refresh: ['books'],
  });
}

export function useReportBook() {
  return useRefreshingMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.books.report[':id'].$put({ param: { id }, json: reason.trim() ? { reason } : {} })),
    { done: texts.alert.reported, refresh: ['books', 'reportItems'] },
  );
}
