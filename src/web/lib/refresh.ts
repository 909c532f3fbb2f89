import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';

/** Loads again whatever is cached under each of `keys` (every list of books is under ['books', …], and so on). */
export function useRefresh(keys: string[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/**
 * A change sent to the server: a toast says when it is `done`, and what is cached under `refresh` loads again whether
 * it was done or refused. A refusal is a toast too, unless the form it came from shows it (`toastRefusal: false`).
 */
export function useRefreshingMutation<TVariables>(
  request: (variables: TVariables) => Promise<unknown>,
  { done, refresh, toastRefusal = true }: { done: string; refresh: string[]; toastRefusal?: boolean },
) {
  const reload = useRefresh(refresh);
  return useMutation({
    mutationFn: request,
    onSuccess: () => toast.success(done),
    onError: toastRefusal ? (error) => toast.error(error.message) : undefined,
    onSettled: reload,
  });
}
