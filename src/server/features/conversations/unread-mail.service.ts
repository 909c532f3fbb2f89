import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { conversations, messages } from '#server/db/schema/conversations.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { unreadMessagesMail } from './conversations.mail.ts';

/**
 * The `mail-unread-messages` job: under the conversation's row lock, mails the recipient when they still have
 * unread messages in it, their account is open, and they were not mailed since they last read it; then marks them
 * mailed. Reading the conversation clears the mark (`markRead`).
 */
export function mailUnreadMessages(
  db: Db,
  { conversationId, recipientId }: { conversationId: string; recipientId: string },
) {
  return inTransaction(db, async (tx) => {
    const [talk] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
    if (!talk) return;
    const isBuyer = talk.buyerId === recipientId;
    if (!isBuyer && talk.sellerId !== recipientId) return;
    if (isBuyer ? talk.buyerMailedAt : talk.sellerMailedAt) return;
    const readUpTo = isBuyer ? talk.buyerReadUpTo : talk.sellerReadUpTo;
    const [unread] = await tx
      .select({ senderName: user.name, closed: sql<boolean>`${user.closedAt} is not null` })
      .from(messages)
      .innerJoin(user, eq(user.id, messages.senderId))
      .where(
        and(eq(messages.conversationId, conversationId), ne(messages.senderId, recipientId), gt(messages.id, readUpTo)),
      )
      .orderBy(desc(messages.id))
      .limit(1);
    if (!unread) return;
    const [recipient] = await tx.select({ closedAt: user.closedAt }).from(user).where(eq(user.id, recipientId));
    if (!recipient || recipient.closedAt) return;
    const [book] = await tx.select({ name: books.bookName }).from(books).where(eq(books.id, talk.bookId));
    await queueMail(
      tx,
      unreadMessagesMail({ userId: recipientId, conversationId, from: unread.senderName, bookName: book!.name }),
    );
    await tx
      .update(conversations)
      .set(isBuyer ? { buyerMailedAt: sql`now()` } : { sellerMailedAt: sql`now()` })
      .where(eq(conversations.id, conversationId));
  });
}
