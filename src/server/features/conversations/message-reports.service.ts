import { and, count, desc, eq, gte, isNull, lte, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import type { Page } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { conversations, messageReports, messages } from '#server/db/schema/conversations.ts';
import { authorize } from '#server/policies/policies.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { Message, ReportedMessage } from '#shared/schemas/conversation.ts';

/** Messages shown on each side of a reported one. */
const contextEachSide = 3;

/**
 * One of the two people reports a message the other wrote to them: it joins the admins' Reported Items with the
 * messages around it, and while the report waits an admin may read the conversation. Once per person and message.
 */
export async function reportMessage(db: Db, caller: SessionUser, messageId: number, reason: string | undefined) {
  const [found] = await db
    .select({ senderId: messages.senderId, buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  if (!found) throw new AppError('NOT_FOUND', 'There is no message with this id');
  authorize(caller, 'message.report', found);
  const made = await db
    .insert(messageReports)
    .values({ messageId, reporterId: caller.id, reason: reason || null })
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  if (made.length === 0) throw new AppError('CONFLICT', 'You have already reported this message');
  return { acknowledged: true, modifiedCount: 1 };
}

const sender = alias(user, 'sender');
const buyer = alias(user, 'buyer');
const seller = alias(user, 'seller');
const reporter = alias(user, 'reporter');

const iso = (value: Date | string) => new Date(value).toISOString();

/** The reported messages awaiting an admin, the most recently reported first, each with its context and reports. */
export async function listReportedMessages(db: Db, page: PageQuery): Promise<Page<ReportedMessage>> {
  const open = isNull(messageReports.dismissedAt);
  const stats = db
    .select({ messageId: messageReports.messageId, lastReportedAt: max(messageReports.createdAt).as('last_reported') })
    .from(messageReports)
    .where(open)
    .groupBy(messageReports.messageId)
    .as('stats');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        messageId: messages.id,
        conversationId: messages.conversationId,
        senderId: messages.senderId,
        senderName: sender.name,
        text: messages.body,
        createdAt: messages.createdAt,
        bookId: conversations.bookId,
        bookName: books.bookName,
        buyerName: buyer.name,
        sellerName: seller.name,
        lastReportedAt: stats.lastReportedAt,
      })
      .from(stats)
      .innerJoin(messages, eq(messages.id, stats.messageId))
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(books, eq(books.id, conversations.bookId))
      .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
      .innerJoin(seller, eq(seller.id, conversations.sellerId))
      .orderBy(desc(stats.lastReportedAt), desc(messages.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ n: sql<number>`count(distinct ${messageReports.messageId})::int` })
      .from(messageReports)
      .where(open),
  ]);
  const items: ReportedMessage[] = [];
  for (const row of rows) {
    const [context, reports] = await Promise.all([
      contextOf(db, row.conversationId, Number(row.messageId)),
      db
        .select({ reporterName: reporter.name, reason: messageReports.reason, reportedAt: messageReports.createdAt })
        .from(messageReports)
        .innerJoin(reporter, eq(reporter.id, messageReports.reporterId))
        .where(and(eq(messageReports.messageId, row.messageId), open))
        .orderBy(desc(messageReports.createdAt)),
    ]);
    const message: Message = {
      id: Number(row.messageId),
      conversationId: row.conversationId,
      senderId: row.senderId,
      senderName: row.senderName,
      text: row.text,
      createdAt: iso(row.createdAt),
    };
    items.push({
      messageId: message.id,
      conversationId: row.conversationId,
      bookId: row.bookId,
      bookName: row.bookName,
      buyerName: row.buyerName,
      sellerName: row.sellerName,
      message,
      context,
      reports: reports.map((r) => ({ reporterName: r.reporterName, reason: r.reason, reportedAt: iso(r.reportedAt) })),
      lastReportedAt: iso(row.lastReportedAt!),
    });
  }
  return { items, total: Number(total?.n ?? 0) };
}

/** The message and up to `contextEachSide` messages before and after it in its conversation, oldest first. */
async function contextOf(db: Db, conversationId: string, messageId: number): Promise<Message[]> {
  const columns = {
    id: messages.id,
    conversationId: messages.conversationId,
    senderId: messages.senderId,
    senderName: sender.name,
    text: messages.body,
    createdAt: messages.createdAt,
  };
  const around = (cmp: typeof lte, order: 'asc' | 'desc') =>
    db
      .select(columns)
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .where(and(eq(messages.conversationId, conversationId), cmp(messages.id, messageId)))
      .orderBy(order === 'desc' ? desc(messages.id) : messages.id)
      .limit(contextEachSide + 1);
  const [before, after] = await Promise.all([around(lte, 'desc'), around(gte, 'asc')]);
  // `after` starts with the reported message, which `before` ends with.
  return [...before.reverse(), ...after.slice(1)].map((row) => ({
    ...row,
    id: Number(row.id),
    createdAt: iso(row.createdAt),
  }));
}

/** An admin dismisses every open report of a message: they stay, marked dismissed, and the message leaves the queue. */
export async function dismissMessageReports(db: Db, messageId: number, adminId: string) {
  const closed = await db
    .update(messageReports)
    .set({ dismissedAt: sql`now()`, dismissedBy: adminId })
    .where(and(eq(messageReports.messageId, messageId), isNull(messageReports.dismissedAt)))
    .returning({ id: messageReports.id });
  if (closed.length === 0) {
    const [exists] = await db.select({ n: count() }).from(messages).where(eq(messages.id, messageId));
    if (!exists?.n) throw new AppError('NOT_FOUND', 'There is no message with this id');
    throw new AppError('CONFLICT', 'This message has no reports to dismiss');
  }
  return { acknowledged: true, deletedCount: closed.length };
}
