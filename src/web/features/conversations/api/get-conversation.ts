import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '#shared/schemas/conversation.ts';
import { api, unwrap } from '#web/lib/api.ts';

/** One conversation: its book, both people, the newest messages, both read marks and the blocks between them. */
export const getConversation = (id: string, before?: number): Promise<Conversation> =>
  unwrap(
    api.conversations[':id'].$get({
      param: { id },
      query: before === undefined ? {} : { before: String(before) },
    }),
  );

export const conversationQueryKey = (id: string) => ['conversations', 'one', id] as const;

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationQueryKey(id), queryFn: () => getConversation(id) });

export const useConversation = (id: string) => useQuery(conversationQueryOptions(id));
