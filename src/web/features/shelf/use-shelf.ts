import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { texts } from '#shared/i18n/texts.ts';
import type { Draft, StartShelfImportInput, UpdateDraftInput } from '#shared/schemas/shelf.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefresh, useRefreshingMutation } from '#web/lib/refresh.ts';

const m = texts.shelf;

/** Sends the ISBNs or the file's text; the form shows a refusal under its field. */
export const useStartShelfImport = () =>
  useMutation({ mutationFn: (input: StartShelfImportInput) => unwrap(api.shelf.imports.$post({ json: input })) });

/**
 * Saves some fields of a draft: the cached page takes the draft as the server answers it (what it still misses
 * included), and the counts load again.
 */
export function useUpdateDraft() {
  const queryClient = useQueryClient();
  const replace = (id: string, change: (draft: Draft) => Draft) =>
    queryClient.setQueriesData<{ items: Draft[]; total: number }>({ queryKey: ['drafts'] }, (page) =>
      page?.items ? { ...page, items: page.items.map((d) => (d._id === id ? change(d) : d)) } : page,
    );
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateDraftInput }) =>
      unwrap(api.shelf.drafts[':id'].$put({ param: { id }, json: changes })),
    // A choice (condition, defects, category) shows at once; the server's answer then replaces the draft. A list
    // asked for before the save (the page asks again while drafts are being looked up) is dropped, and the list is
    // asked for again after it, so that an answer read before the save's commit cannot put older fields back.
    onMutate: async ({ id, changes: { condition, defects, booksCategory } }) => {
      await queryClient.cancelQueries({ queryKey: ['drafts'] });
      replace(id, (draft) => ({
        ...draft,
        ...(condition !== undefined && { condition }),
        ...(defects !== undefined && { defects }),
        ...(booksCategory !== undefined && { booksCategory }),
      }));
    },
    onSuccess: (draft: Draft) => {
      replace(draft._id, () => draft);
      return queryClient.invalidateQueries({ queryKey: ['drafts'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['drafts'] }),
  });
}

/** Publishes drafts as listings (all of them or none); the drafts and the seller's books load again. */
export function usePublishDrafts() {
  const refresh = useRefresh(['drafts', 'books']);
  return useMutation({
    mutationFn: (ids: string[]) => unwrap(api.shelf.drafts.publish.$post({ json: { ids } })),
    onSuccess: ({ published }) => toast.success(m.published({ n: published.length })),
    onError: (error) => toast.error(error.message, { duration: 8000 }),
    onSettled: refresh,
  });
}

export const useDiscardDraft = () =>
  useRefreshingMutation((id: string) => unwrap(api.shelf.drafts[':id'].$delete({ param: { id } })), {
    done: m.discarded,
    refresh: ['drafts'],
  });
