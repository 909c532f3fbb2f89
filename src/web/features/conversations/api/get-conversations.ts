import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, getPage, unwrap } from '#web/lib/api.ts';

export const conversationsPageSize = 20;

/** A page of the signed-in person's conversations, the newest message first, with their unread counts. */
export const getConversations = (page: number) => getPage(api.conversations.$get, page, conversationsPageSize);

export const conversationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['conversations', 'list', page], queryFn: () => getConversations(page) });

export const useConversations = (page: number) => useQuery(conversationsQueryOptions(page));

/** How many messages the signed-in person has not read, over all their conversations (the menu's badge). */
export const getUnreadMessages = () => unwrap(api.conversations['unread-count'].$get());

export const unreadMessagesQueryOptions = () =>
  queryOptions({ queryKey: ['conversations', 'unread'], queryFn: getUnreadMessages, staleTime: 15_000 });

export const useUnreadMessages = (enabled: boolean) => useQuery({ ...unreadMessagesQueryOptions(), enabled });
