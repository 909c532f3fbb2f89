import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { texts } from '#shared/i18n/texts.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefresh } from '#web/lib/refresh.ts';

/** The admin actions on a user; each toasts the specification's message and reloads the lists. */
export function useUserActions() {
  const refresh = useRefresh(['users']);
  const after = (message: string) => () => {
    toast.success(message);
    return refresh();
  };
  const failed = (error: Error) => toast.error(error.message);
  return {
    makeAdmin: useMutation({
      mutationFn: (id: string) =>
        unwrap(api.users.makeAdmin[':id'].$put({ param: { id }, json: { role: 'Admin' as const } })),
      onSuccess: after(texts.toast.madeAdmin),
      onError: failed,
    }),
    revokeAdmin: useMutation({
      mutationFn: (id: string) => unwrap(api.users[':id'].admin.$delete({ param: { id } })),
      onSuccess: after(texts.users.adminRevoked),
      onError: failed,
    }),
    verify: useMutation({
      mutationFn: (id: string) => unwrap(api.users.seller[':id'].$put({ param: { id } })),
      onSuccess: after(texts.toast.verified),
      onError: failed,
    }),
    remove: useMutation({
      mutationFn: (id: string) => unwrap(api.users[':id'].$delete({ param: { id } })),
      onSuccess: after(texts.toast.deleted),
      onError: failed,
    }),
  };
}
