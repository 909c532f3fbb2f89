import type { RateLimitKind } from '#server/http/action-rate-limit.ts';

/** Messages sent, per user (MESSAGE_RATE_LIMIT). */
export const messageCalls: RateLimitKind = { name: 'message', limitEnv: 'MESSAGE_RATE_LIMIT', what: 'messages' };

/** Conversations started, blocks and reports of messages, per user, together (ACTION_RATE_LIMIT). */
export const conversationCalls: RateLimitKind = {
  name: 'conversation',
  limitEnv: 'ACTION_RATE_LIMIT',
  what: 'conversation changes',
};
