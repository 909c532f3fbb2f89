import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Conversation, Message, ReadEvent } from '#shared/schemas/conversation.ts';
import { conversationQueryKey } from './api/get-conversation.ts';
import { withMessage } from './use-conversations.ts';

/**
 * The one live stream of this tab (ADR 028): an EventSource on /api/conversations/events, opened while a page that
 * shows conversations is mounted and closed when the last one goes. The browser reconnects by itself with
 * Last-Event-ID, and the server sends what was missed; each (re)connection also loads the open pages again, for
 * the read marks, which are not replayed. No polling.
 */
let source: EventSource | null = null;
let users = 0;
let connected = false;
const listeners = new Set<() => void>();
const setConnected = (value: boolean) => {
  connected = value;
  for (const listener of listeners) listener();
};

function open(queryClient: QueryClient) {
  source = new EventSource('/api/conversations/events');
  source.onopen = () => {
    setConnected(true);
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  };
  source.onerror = () => setConnected(false);
  source.addEventListener('message', (event) => {
    const message = JSON.parse((event as MessageEvent<string>).data) as Message;
    queryClient.setQueryData<Conversation>(
      conversationQueryKey(message.conversationId),
      (old) => old && withMessage(old, message),
    );
    void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['conversations', 'unread'] });
  });
  source.addEventListener('read', (event) => {
    const read = JSON.parse((event as MessageEvent<string>).data) as ReadEvent;
    queryClient.setQueryData<Conversation>(conversationQueryKey(read.conversationId), (old) => {
      if (!old) return old;
      const mark = old.buyer.id === read.readerId ? 'buyerReadUpTo' : 'sellerReadUpTo';
      return { ...old, [mark]: Math.max(old[mark], read.upTo) };
    });
  });
}

/** Keeps the live stream open while the calling page is mounted; answers whether it is connected now. */
export function useLiveConversations(): boolean {
  const queryClient = useQueryClient();
  useEffect(() => {
    users += 1;
    if (!source) open(queryClient);
    return () => {
      users -= 1;
      if (users === 0 && source) {
        source.close();
        source = null;
        setConnected(false);
      }
    };
  }, [queryClient]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
  );
}
