import { z } from 'zod';
import { requiredText } from './text-fields.ts';

/** The longest message, in characters (after trimming). */
export const messageMaxLength = 2000;

/** `POST /api/conversations`: the book to ask about; a seller names the buyer of a booking of it to write first. */
export const startConversationSchema = z.object({
  bookId: z.uuid('Choose a book to ask about'),
  buyerId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('A seller writing first to the buyer of a booking of their book names that buyer; a buyer leaves it out'),
});
export type StartConversation = z.infer<typeof startConversationSchema>;

/** `POST /api/conversations/{id}/messages`: plain text, trimmed, 1 to 2,000 characters. */
export const sendMessageSchema = z.object({
  text: requiredText(
    'Write a message first',
    messageMaxLength,
    `A message can be at most ${messageMaxLength.toLocaleString('en-US')} characters`,
  ),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** `PUT /api/messages/{id}/report`: the body is optional, and so is the reason. */
export const reportMessageSchema = z.object({
  reason: z.string().trim().max(500, 'Use at most 500 characters').optional(),
});

/** One message as the conversation and the live stream show it. */
export const messageSchema = z.object({
  id: z.number().int().describe("The message's id; ids only grow, and the live stream uses them as event ids"),
  conversationId: z.string(),
  senderId: z.string(),
  senderName: z.string().describe("The writer's name (a closed account's tombstone name)"),
  text: z.string().describe('Plain text, as written: show it as text, never as HTML'),
  createdAt: z.string().describe('When it was sent (ISO 8601)'),
});
export type Message = z.infer<typeof messageSchema>;

const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  closed: z.boolean().describe('The account is closed: its messages stay, and it can no longer be written to'),
});

/** A conversation in the caller's list: the book, the other person, the newest message and how many are unread. */
export const conversationSummarySchema = z.object({
  id: z.string(),
  bookId: z.string(),
  bookName: z.string(),
  bookImage: z.string().nullable(),
  role: z.enum(['buyer', 'seller']).describe("The caller's side of the conversation"),
  other: personSchema.describe('The other person'),
  lastMessage: z.string().nullable().describe('The newest message, cut to 140 characters'),
  lastMessageAt: z.string().nullable(),
  unread: z.number().int().describe('Messages from the other person the caller has not read'),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** One conversation as its page shows it. */
export const conversationSchema = z.object({
  id: z.string(),
  book: z.object({
    id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    status: z.string(),
  }),
  buyer: personSchema,
  seller: personSchema,
  role: z
    .enum(['buyer', 'seller', 'admin'])
    .describe("The caller's side; `admin` for an admin reading it because a report or a handover problem involves it"),
  messages: z
    .array(messageSchema)
    .describe('The newest messages (at most 100, or those before `before`), oldest first'),
  hasOlder: z.boolean().describe('Older messages exist: ask again with `before` set to the first id shown'),
  buyerReadUpTo: z.number().int().describe('The id of the last message the buyer has seen'),
  sellerReadUpTo: z.number().int().describe('The id of the last message the seller has seen'),
  youBlocked: z.boolean().describe('The caller has blocked the other person'),
  blockedYou: z.boolean().describe('The other person has blocked the caller: the caller cannot write'),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** What the live stream's `read` event says: one side read the conversation up to a message. */
export const readEventSchema = z.object({
  conversationId: z.string(),
  readerId: z.string(),
  upTo: z.number().int(),
});
export type ReadEvent = z.infer<typeof readEventSchema>;

/** A reported message, as the admins' Reported Items shows it, with the messages around it. */
export const reportedMessageSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.string(),
  bookId: z.string(),
  bookName: z.string(),
  buyerName: z.string(),
  sellerName: z.string(),
  message: messageSchema,
  context: z.array(messageSchema).describe('The reported message and up to three before and after it, oldest first'),
  reports: z.array(
    z.object({
      reporterName: z.string(),
      reason: z.string().nullable(),
      reportedAt: z.string(),
    }),
  ),
  lastReportedAt: z.string(),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;
