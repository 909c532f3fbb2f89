import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { texts } from '#shared/i18n/texts.ts';
import type { AddWantedInput } from '#shared/schemas/wanted.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefresh, useRefreshingMutation } from '#web/lib/refresh.ts';

/** Adds an ISBN or a saved search; a refusal (already there, list full) is shown as the server words it. */
export function useAddWanted() {
  const refresh = useRefresh(['wanted']);
  return useMutation({
    mutationFn: (entry: AddWantedInput) => unwrap(api.wanted.$post({ json: entry })),
    onSuccess: () => {
      toast.success(texts.wanted.added);
      return refresh();
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useRemoveWanted() {
  return useRefreshingMutation((id: string) => unwrap(api.wanted[':id'].$delete({ param: { id } })), {
    done: texts.wanted.removed,
    refresh: ['wanted'],
  });
}

/** Marks one notification read (`id`) or all of them; the list and the bell follow. */
export function useMarkRead() {
  const refresh = useRefresh(['notifications']);
  return useMutation({
    mutationFn: (id?: string) =>
      unwrap(id ? api.notifications[':id'].read.$post({ param: { id } }) : api.notifications.read.$post()),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
}
