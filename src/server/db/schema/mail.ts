import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, generatedId, ownerId } from './columns.ts';

/**
 * The mail outbox (ADR 009): one row per message, written in the transaction of the change it reports, with
 * its `send-mail` job. The row holds what the message says; the sender frames it (the store's name, absolute
 * links, the unsubscribe link) and marks it sent. Rows are never deleted by sending or failing.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: generatedId(),
    /** What the message is (`confirm-email`, `booking-made` …), for people reading the table. */
    template: text('template').notNull(),
    /** The kind of mail a recipient can turn off (`orders` …), or `account` for mail nobody can turn off. */
    kind: text('kind').notNull(),
    /** The account it is for, when it is for one (its unsubscribe link names it). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    /** The recipient's name as the message greets them, read with the address (null: greeted without one). */
    toName: text('to_name'),
    subject: text('subject').notNull(),
    /** The message's own words, plain text and an HTML fragment of the same. */
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The page it is about: a path of the app or a full URL, and the words on its button. */
    linkHref: text('link_href').notNull(),
    linkLabel: text('link_label').notNull(),
    createdAt: createdAt(),
    /** Set once the SMTP server accepted it; a row with it is never sent again. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** While set and in the future, one sender holds the row and is talking to the SMTP server. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
    index('mail_outbox_user_idx').on(t.userId, t.template, t.createdAt),
  ],
);

/** Kinds of mail a user turned off through an unsubscribe link. */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: ownerId('user_id'),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
