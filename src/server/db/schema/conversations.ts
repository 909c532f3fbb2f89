import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { books } from './catalog.ts';
import { createdAt, generatedId, ownerId } from './columns.ts';

/**
 * One conversation per book and buyer (features/conversations): started by "Ask the seller" or by the booking, it
 * goes on through the payment and the handover. The seller is the book's, written once at the start. Each side's
 * read mark is the id of the last message it has seen; `*MailedAt` is when that side was last mailed about unread
 * messages (cleared when it reads them): at most one mail per conversation while it stays unread.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: generatedId(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id),
    buyerId: ownerId('buyer_id'),
    sellerId: ownerId('seller_id'),
    createdAt: createdAt(),
    /** The newest message (null until the first): the lists sort by it. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    buyerReadUpTo: bigint('buyer_read_up_to', { mode: 'number' }).notNull().default(0),
    sellerReadUpTo: bigint('seller_read_up_to', { mode: 'number' }).notNull().default(0),
    buyerMailedAt: timestamp('buyer_mailed_at', { withTimezone: true }),
    sellerMailedAt: timestamp('seller_mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_once_per_book_and_buyer').on(t.bookId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageId),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageId),
    check('conversations_two_people', sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

/**
 * A message of a conversation: plain text, 1 to 2,000 characters. Its id is the live stream's event id: ids only
 * grow, and a message is inserted under a lock that makes them commit in id order (ADR 028), so "every message
 * after id N" never misses one committed late.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: ownerId('sender_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** A person who blocked another: the blocked one can no longer write to them or book their books. */
export const personBlocks = pgTable(
  'person_blocks',
  {
    blockerId: ownerId('blocker_id'),
    blockedId: ownerId('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('person_blocks_not_oneself', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * A participant's report of a message written to them: it waits in the admins' Reported Items until dismissed,
 * and while it waits an admin may read the conversation it is in.
 */
export const messageReports = pgTable(
  'message_reports',
  {
    id: generatedId(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: ownerId('reporter_id'),
    reason: text('reason'),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: text('dismissed_by'),
  },
  (t) => [
    uniqueIndex('message_reports_once_per_user').on(t.messageId, t.reporterId),
    index('message_reports_open_idx').on(t.createdAt).where(sql`${t.dismissedAt} is null`),
  ],
);
