import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, generatedId, ownerId } from './columns.ts';

/**
 * The mail outbox (ADR 009): one row per message, written in the transaction of the change it reports, with
 * its `send-mail` job. The row holds what the message says, as its template and data; the sender writes its
 * words in the recipient's language of that moment (ADR 030), frames them (the store's name, absolute links,
 * the unsubscribe link) and marks it sent. Rows are never deleted by sending or failing.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: generatedId(),
    /** What the message is (`confirm-email`, `booking-made` …): the template that writes it (mail-templates.ts). */
    template: text('template').notNull(),
    /** The kind of mail a recipient can turn off (`orders` …), or `account` for mail nobody can turn off. */
    kind: text('kind').notNull(),
    /** The account it is for, when it is for one (its unsubscribe link names it). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    /** The recipient's name as the message greets them, read with the address (null: greeted without one). */
    toName: text('to_name'),
    /** What its template needs to write it (book names, amounts, moments, links); null in a row of old. */
    data: jsonb('data'),
    /**
     * The language of the request that queued it: the message is written in it when it has no account to
     * read a language from (null: English).
     */
    language: text('language'),
    /**
     * Rows queued before messages were written when sent hold their words instead of data: subject, plain text
     * and an HTML fragment of the same, and the page it is about (a path or a full URL) with its button's words.
     * They are sent as they are.
     */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    linkHref: text('link_href'),
    linkLabel: text('link_label'),
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
