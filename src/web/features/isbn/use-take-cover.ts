import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

/** Stores the lookup's suggested cover of an ISBN as the seller's own upload; answers its URL and thumbnail. */
export const useTakeCover = () =>
  useMutation({
    mutationFn: async (isbn: string) => (await unwrap(api.isbn[':isbn'].cover.$post({ param: { isbn } }))).data,
  });
