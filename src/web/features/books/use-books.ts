import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { messages } from '#shared/messages.ts';
import { api, unwrap } from '#web/lib/api.ts';

/** Every list of books is cached under ['books', …], so one invalidation refreshes them all. */
const allBookLists = { queryKey: ['books'] };

export function useAdvertiseBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.books[':id'].$put({ param: { id } })),
    onSuccess: () => toast.success(messages.toast.advertised),
    onError: (error) => toast.error(error.message),
    onSettled: () => queryClient.invalidateQueries(allBookLists),
  });
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.books[':id'].$delete({ param: { id } })),
    onSuccess: () => toast.success(messages.toast.deleted),
    onError: (error) => toast.error(error.message),
    onSettled: () => queryClient.invalidateQueries(allBookLists),
  });
}

export function useReportBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.books.report[':id'].$put({ param: { id }, json: reason.trim() ? { reason } : {} })),
    onSuccess: () => toast.success(messages.alert.reported),
    onError: (error) => toast.error(error.message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries(allBookLists),
        queryClient.invalidateQueries({ queryKey: ['reportItems'] }),
      ]),
  });
}
