import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { texts } from '#shared/i18n/texts.ts';
import type { Conversation, Message } from '#shared/schemas/conversation.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { useRefresh, useRefreshingMutation } from '#web/lib/refresh.ts';
import { conversationQueryKey } from './api/get-conversation.ts';

const m = texts.conversations;

/** Adds `message` to a cached conversation once (the live stream may bring the one just sent too). */
export function withMessage(conversation: Conversation, message: Message): Conversation {
  if (conversation.messages.some((known) => known.id === message.id)) return conversation;
  const messages = [...conversation.messages, message].sort((a, b) => a.id - b.id);
  const mark = conversation.buyer.id === message.senderId ? 'buyerReadUpTo' : 'sellerReadUpTo';
  return { ...conversation, messages, [mark]: Math.max(conversation[mark], message.id) };
}

/** "Ask the seller" (or a seller writing first to a buyer): answers the conversation's id. */
export function useStartConversation() {
  return useMutation({
    mutationFn: (input: { bookId: string; buyerId?: string }) => unwrap(api.conversations.$post({ json: input })),
  });
}

/** Sends a message; it shows at once in the open conversation, and the lists load again. */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(['conversations']);
  return useMutation({
    mutationFn: (text: string) => unwrap(api.conversations[':id'].messages.$post({ param: { id }, json: { text } })),
    onSuccess: (message) => {
      queryClient.setQueryData<Conversation>(conversationQueryKey(id), (old) => old && withMessage(old, message));
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
    },
    onError: (error) => {
      toast.error(error.message);
      return refresh();
    },
  });
}

/** Marks the open conversation read: the other side sees "Seen", and the unread counts drop. */
export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.conversations[':id'].read.$post({ param: { id } })),
    onSuccess: ({ modifiedCount }) => {
      if (modifiedCount === 0) return;
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'unread'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

export function useBlockPerson(name: string) {
  return useRefreshingMutation((userId: string) => unwrap(api.blocks[':userId'].$put({ param: { userId } })), {
    done: m.blocked({ name }),
    refresh: ['conversations'],
  });
}

export function useUnblockPerson(name: string) {
  return useRefreshingMutation((userId: string) => unwrap(api.blocks[':userId'].$delete({ param: { userId } })), {
    done: m.unblocked({ name }),
    refresh: ['conversations'],
  });
}

export function useReportMessage() {
  return useRefreshingMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      unwrap(api.messages[':id'].report.$put({ param: { id: String(id) }, json: reason ? { reason } : {} })),
    { done: m.reported, refresh: [] },
  );
}

export function useDismissMessageReports() {
  return useRefreshingMutation(
    (messageId: string) => unwrap(api.reportedMessages[':messageId'].$delete({ param: { messageId } })),
    { done: m.dismissed, refresh: ['reportedMessages'] },
  );
}
