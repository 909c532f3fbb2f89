import { z } from '@hono/zod-openapi';
import { perUserRateLimit } from '#server/http/action-rate-limit.ts';
import { api } from '#server/http/api-tags.ts';
import { acknowledgedDeleted, acknowledgedModified, modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateChange } from '#server/http/state-calls.ts';
import {
  conversationSchema,
  conversationSummarySchema,
  messageSchema,
  reportedMessageSchema,
  reportMessageSchema,
  sendMessageSchema,
  startConversationSchema,
} from '#shared/schemas/conversation.ts';
import { conversationCalls, messageCalls } from './conversations.rate-limits.ts';

const conversationId = uuidParam('id', { message: 'not a conversation id', description: "The conversation's id" });

/** A message id: a positive whole number. */
const messageId = <const Name extends string>(name: Name) =>
  z.object({
    [name]: z.coerce
      .number({ error: 'not a message id' })
      .int('not a message id')
      .min(1, 'not a message id')
      .max(Number.MAX_SAFE_INTEGER, 'not a message id')
      .openapi({ param: { description: "The message's id" } }),
  } as Record<Name, z.ZodCoercedNumber>);

const personId = z.object({
  userId: z
    .string()
    .trim()
    .min(1, 'not a user id')
    .max(100, 'not a user id')
    .openapi({ param: { description: "The person's user id" } }),
});

const eventIdPattern = /^\d{1,15}$/;

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  streamConversationEvents: api.Conversations.get('/conversations/events', 'signed-in', {
    request: {
      headers: z.object({
        'last-event-id': z
          .string()
          .regex(eventIdPattern, 'Last-Event-ID must be the id of a message')
          .optional()
          .openapi({ description: 'The id of the last event received: the stream first sends every message after it' }),
      }),
    },
    responses: {
      200: {
        description:
          'A stream of server-sent events: `message` (id: the message id) and `read`, and comments to keep it open',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      ...errorResponses(429),
    },
  }),
  listConversations: api.Conversations.get('/conversations', 'signed-in', {
    ...pageOf(
      conversationSummarySchema,
      'Conversations with messages, the newest message first',
      'Conversations in all',
    ),
  }),
  countUnreadMessages: api.Conversations.get('/conversations/unread-count', 'signed-in', {
    responses: { 200: jsonContent(z.object({ unread: z.number().int() }), 'Unread messages over all conversations') },
  }),
  startConversation: api.Conversations.post('/conversations', 'signed-in', {
    middleware: [perUserRateLimit(conversationCalls)],
    request: { body: jsonBody(startConversationSchema) },
    responses: {
      200: jsonContent(z.object({ id: z.uuid() }), 'The conversation, new or already there'),
      ...errorResponses(403, 404, 409, 429),
    },
  }),
  getConversation: api.Conversations.get('/conversations/{id}', 'signed-in', {
    request: {
      params: conversationId,
      query: z.object({
        before: z.coerce
          .number({ error: 'before must be a message id' })
          .int('before must be a message id')
          .min(1, 'before must be a message id')
          .max(Number.MAX_SAFE_INTEGER, 'before must be a message id')
          .optional()
          .openapi({ description: 'Only messages older than this message id (the earlier page)' }),
      }),
    },
    responses: { 200: jsonContent(conversationSchema, 'The conversation'), ...errorResponses(403, 404) },
  }),
  sendMessage: api.Conversations.post('/conversations/{id}/messages', 'signed-in', {
    middleware: [perUserRateLimit(messageCalls)],
    request: { params: conversationId, body: jsonBody(sendMessageSchema) },
    responses: { 201: jsonContent(messageSchema, 'Sent'), ...errorResponses(403, 404, 409, 429) },
  }),
  markConversationRead: api.Conversations.post('/conversations/{id}/read', 'signed-in', {
    request: { params: conversationId },
    responses: {
      200: jsonContent(modifiedCount, 'modifiedCount 1 when the read mark moved'),
      ...errorResponses(403, 404),
    },
  }),
  blockPerson: api.Conversations.put('/blocks/{userId}', 'signed-in', {
    middleware: [perUserRateLimit(conversationCalls)],
    request: { params: personId },
    responses: { 200: jsonContent(acknowledgedModified, 'Blocked'), ...errorResponses(404, 409, 429) },
  }),
  unblockPerson: api.Conversations.delete('/blocks/{userId}', 'signed-in', {
    request: { params: personId },
    responses: { 200: jsonContent(acknowledgedModified, 'Unblocked (modifiedCount 0 when there was no block)') },
  }),
  reportMessage: api.Conversations.put('/messages/{id}/report', 'signed-in', {
    middleware: [perUserRateLimit(conversationCalls)],
    request: { params: messageId('id'), body: { ...jsonBody(reportMessageSchema), required: false } },
    responses: { 200: jsonContent(acknowledgedModified, 'Reported'), ...errorResponses(403, 404, 409, 429) },
  }),
  listReportedMessages: api.Reports.get('/reportedMessages', ['Admin'], {
    ...pageOf(reportedMessageSchema, 'Reported messages, the most recently reported first', 'Messages in all'),
  }),
  dismissMessageReports: api.Reports.delete('/reportedMessages/{messageId}', ['Admin'], {
    ...stateChange(messageId('messageId'), acknowledgedDeleted, 'Reports dismissed'),
  }),
};
