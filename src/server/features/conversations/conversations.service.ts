import { and, asc, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#server/app-error.ts';
import type { SessionUser } from '#server/auth/session-user.ts';
import type { Db } from '#server/db/client.ts';
import { type Page, paginate } from '#server/db/paginate.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { conversations, messageReports, messages } from '#server/db/schema/conversations.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { notifications } from '#server/db/schema/wanted.ts';
import { inTransaction, type Queryable, type Tx } from '#server/db/transaction.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { authorize } from '#server/policies/policies.ts';
import type { PageQuery } from '#shared/schemas/book.ts';
import type { Conversation, ConversationSummary, Message, StartConversation } from '#shared/schemas/conversation.ts';
import { blocks } from './blocks.service.ts';
import { type LiveNews, liveChannel } from './live-hub.ts';

const buyerUser = alias(user, 'buyer_user');
const sellerUser = alias(user, 'seller_user');
const senderUser = alias(user, 'sender_user');

/** Messages one page of a conversation shows. */
export const messagesPerPage = 100;

/**
 * The lock every message is inserted under, held to its commit: message ids then commit in the order they were
 * given, so a stream resumed after id N (`Last-Event-ID`) finds every later message (ADR 028).
 */
const messageOrderLock = 0x6d657373;

const iso = (value: Date | string) => new Date(value).toISOString();

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  senderName: senderUser.name,
  text: messages.body,
  createdAt: messages.createdAt,
};

type MessageRow = {
  id: number;
  conversationId: string;
  senderId: string;
  senderName: string;
  text: string;
  createdAt: Date;
};

const toMessage = (row: MessageRow): Message => ({ ...row, id: Number(row.id), createdAt: iso(row.createdAt) });

/** One message by id, as the live stream sends it. */
export async function readMessage(db: Queryable, id: number): Promise<Message | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(senderUser, eq(senderUser.id, messages.senderId))
    .where(eq(messages.id, id));
  return row ? toMessage(row) : null;
}

/** A column of `conversations` named with its table, as a subquery inside a one-table select must. */
const talkColumn = (name: string) => sql.raw(`"conversations"."${name}"`);

/**
 * Whether an admin may read this conversation now: a report of one of its messages awaits a decision, or the
 * buyer reported a problem with an order of its book that awaits one.
 */
const adminInvolved = sql<boolean>`(exists (
    select 1 from ${messageReports} r join ${messages} m on m.id = r.message_id
    where m.conversation_id = ${talkColumn('id')} and r.dismissed_at is null
  ) or exists (
    select 1 from ${bookings} b join ${handovers} h on h.booking_id = b.id
    where b.book_id = ${talkColumn('book_id')} and b.buyer_id = ${talkColumn('buyer_id')}
      and h.problem_reported_at is not null and h.problem_decision is null
  ))`;

/**
 * "Ask the seller": the caller's conversation about a book, made the first time. A seller may write first to the
 * buyer of a booking of their book (`buyerId`). Refused: one's own book, a removed book (when new), a closed
 * account on the other side, and a seller who blocked the buyer.
 */
export async function startConversation(db: Db, caller: SessionUser, input: StartConversation): Promise<string> {
  const [book] = await db
    .select({ id: books.id, sellerId: books.sellerId, status: books.status })
    .from(books)
    .where(eq(books.id, input.bookId));
  if (!book) throw new AppError('NOT_FOUND', 'There is no book with this id');
  let buyerId = caller.id;
  if (input.buyerId !== undefined && input.buyerId !== caller.id) {
    authorize(caller, 'conversation.startWithBuyer', book);
    const [booked] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.bookId, book.id), eq(bookings.buyerId, input.buyerId)))
      .limit(1);
    if (!booked) throw new AppError('NOT_FOUND', 'This person has not booked this book');
    buyerId = input.buyerId;
  } else if (book.sellerId === caller.id) {
    throw new AppError('FORBIDDEN', 'This is your own book: buyers write to you about it, not you to yourself');
  }
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.bookId, book.id), eq(conversations.buyerId, buyerId)));
  if (existing) return existing.id;
  if (book.status === 'Removed') {
    throw new AppError('CONFLICT', 'This book is no longer listed, so you cannot start a conversation about it');
  }
  const [people] = await db
    .select({
      sellerClosed: sql<boolean>`${sellerUser.closedAt} is not null`,
      buyerClosed: sql<boolean>`${buyerUser.closedAt} is not null`,
      blocked: blocks(sellerUser.id, buyerUser.id),
    })
    .from(sellerUser)
    .innerJoin(buyerUser, eq(buyerUser.id, buyerId))
    .where(eq(sellerUser.id, book.sellerId));
  if (!people || people.buyerClosed) throw new AppError('CONFLICT', 'This buyer’s account is closed');
  if (people.sellerClosed)
    throw new AppError('CONFLICT', 'The seller’s account is closed, so nobody can write to them');
  if (people.blocked) {
    throw new AppError(
      'FORBIDDEN',
      buyerId === caller.id
        ? 'The seller of this book has blocked you, so you cannot write to them'
        : 'You have blocked this buyer; unblock them to write to them',
    );
  }
  const [made] = await db
    .insert(conversations)
    .values({ bookId: book.id, buyerId, sellerId: book.sellerId })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (made) return made.id;
  const [raced] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.bookId, book.id), eq(conversations.buyerId, buyerId)));
  return raced!.id;
}

/** The caller's side of a conversation's columns. */
const sideOf = (userId: string, talk: { buyerId: string; sellerId: string }) =>
  talk.buyerId === userId ? 'buyer' : talk.sellerId === userId ? 'seller' : null;

const unreadFor = (userId: string) => sql<number>`(select count(*) from ${messages} m
  where m.conversation_id = ${talkColumn('id')} and m.sender_id <> ${userId}
    and m.id > case when ${talkColumn('buyer_id')} = ${userId} then ${talkColumn('buyer_read_up_to')}
                    else ${talkColumn('seller_read_up_to')} end)::int`;

/** The caller's conversations (either side) that have messages, the newest first, with their unread counts. */
export async function listConversations(db: Db, userId: string, page: PageQuery): Promise<Page<ConversationSummary>> {
  const mine = and(
    or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
    sql`${conversations.lastMessageId} is not null`,
  );
  const otherUser = alias(user, 'other_user');
  return paginate(
    db
      .select({
        id: conversations.id,
        bookId: conversations.bookId,
        buyerId: conversations.buyerId,
        sellerId: conversations.sellerId,
        bookName: books.bookName,
        bookImage: books.thumbnail,
        otherId: otherUser.id,
        otherName: otherUser.name,
        otherImage: otherUser.image,
        otherClosed: sql<boolean>`${otherUser.closedAt} is not null`,
        lastMessage: sql<string | null>`(select left(m.body, 140) from ${messages} m
          where m.id = ${conversations.lastMessageId})`,
        lastMessageAt: conversations.lastMessageAt,
        unread: unreadFor(userId),
      })
      .from(conversations)
      .innerJoin(books, eq(books.id, conversations.bookId))
      .innerJoin(
        otherUser,
        sql`${otherUser.id} = case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId}
          else ${conversations.buyerId} end`,
      )
      .where(mine)
      .orderBy(desc(conversations.lastMessageId)),
    db.select({ n: count() }).from(conversations).where(mine),
    page,
    (row) => ({
      id: row.id,
      bookId: row.bookId,
      bookName: row.bookName,
      bookImage: row.bookImage,
      role: row.buyerId === userId ? 'buyer' : 'seller',
      other: { id: row.otherId, name: row.otherName, image: row.otherImage, closed: row.otherClosed },
      lastMessage: row.lastMessage,
      lastMessageAt: row.lastMessageAt ? iso(row.lastMessageAt) : null,
      unread: Number(row.unread),
    }),
  );
}

/** How many messages from others the person has not read, over all their conversations. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadFor(userId)}), 0)::int` })
    .from(conversations)
    .where(
      and(
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
        sql`${conversations.lastMessageId} is not null`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** A conversation's row with what the rules need; 404 when there is none. */
async function findConversation(db: Queryable, id: string, lock = false) {
  const query = db
    .select({
      id: conversations.id,
      bookId: conversations.bookId,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      buyerReadUpTo: conversations.buyerReadUpTo,
      sellerReadUpTo: conversations.sellerReadUpTo,
      lastMessageId: conversations.lastMessageId,
      adminInvolved,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
  const [row] = await (lock ? query.for('update', { of: conversations }) : query);
  if (!row) throw new AppError('NOT_FOUND', 'There is no conversation with this id');
  return row;
}

const person = (row: { id: string; name: string; image: string | null; closedAt: Date | null }) => ({
  id: row.id,
  name: row.name,
  image: row.image,
  closed: row.closedAt !== null,
});

/**
 * One conversation for one of its two people, or for an admin a report or a handover problem involves: its book,
 * both people, the newest messages (or those before `before`), both read marks and the blocks between them.
 */
export async function getConversation(
  db: Db,
  caller: SessionUser,
  id: string,
  before: number | undefined,
): Promise<Conversation> {
  const talk = await findConversation(db, id);
  authorize(caller, 'conversation.read', talk);
  const personColumns = (u: typeof buyerUser | typeof sellerUser) => ({
    id: u.id,
    name: u.name,
    image: u.image,
    closedAt: u.closedAt,
  });
  const [head] = await db
    .select({
      bookName: books.bookName,
      bookImage: books.thumbnail,
      bookStatus: books.status,
      buyer: personColumns(buyerUser),
      seller: personColumns(sellerUser),
      buyerBlockedSeller: blocks(conversations.buyerId, conversations.sellerId),
      sellerBlockedBuyer: blocks(conversations.sellerId, conversations.buyerId),
    })
    .from(conversations)
    .innerJoin(books, eq(books.id, conversations.bookId))
    .innerJoin(buyerUser, eq(buyerUser.id, conversations.buyerId))
    .innerJoin(sellerUser, eq(sellerUser.id, conversations.sellerId))
    .where(eq(conversations.id, id));
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(senderUser, eq(senderUser.id, messages.senderId))
    .where(and(eq(messages.conversationId, id), before === undefined ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(messagesPerPage + 1);
  const side = sideOf(caller.id, talk);
  return {
    id,
    book: { id: talk.bookId, name: head!.bookName, image: head!.bookImage, status: head!.bookStatus },
    buyer: person(head!.buyer),
    seller: person(head!.seller),
    role: side ?? 'admin',
    messages: rows.slice(0, messagesPerPage).reverse().map(toMessage),
    hasOlder: rows.length > messagesPerPage,
    buyerReadUpTo: Number(talk.buyerReadUpTo),
    sellerReadUpTo: Number(talk.sellerReadUpTo),
    youBlocked: side === 'buyer' ? head!.buyerBlockedSeller : side === 'seller' ? head!.sellerBlockedBuyer : false,
    blockedYou: side === 'buyer' ? head!.sellerBlockedBuyer : side === 'seller' ? head!.buyerBlockedSeller : false,
  };
}

/** Ends the person's live streams on every server when the transaction commits (their account was closed). */
export async function endLiveStreams(tx: Tx, userId: string) {
  await notifyLive(tx, { kind: 'closed', to: [userId, userId] });
}

/** Sends `news` to every server's streams when the transaction commits (ADR 028). */
async function notifyLive(tx: Tx, news: LiveNews) {
  await tx.execute(sql`select pg_notify(${liveChannel}, ${JSON.stringify(news)})`);
}

export interface MessageRules {
  /** How long a message waits unread before its recipient is mailed (MESSAGE_MAIL_DELAY). */
  mailDelayMs: number;
}

/**
 * One of the two people writes in their conversation. Refused: an account closed on the other side, a person who
 * blocked the writer, a person the writer blocked. In the one transaction: the message (its id in commit order),
 * the conversation's newest message and the writer's read mark, the recipient's bell (one notification per
 * conversation, unread again), the job that mails them if it stays unread, and the NOTIFY the live streams hear.
 */
export function sendMessage(db: Db, caller: SessionUser, id: string, text: string, rules: MessageRules) {
  return inTransaction(db, async (tx) => {
    const talk = await findConversation(tx, id, true);
    authorize(caller, 'conversation.write', talk);
    const recipientId = talk.buyerId === caller.id ? talk.sellerId : talk.buyerId;
    const [state] = await tx
      .select({
        recipientClosed: sql<boolean>`${user.closedAt} is not null`,
        blockedByRecipient: blocks(recipientId, caller.id),
        blockedRecipient: blocks(caller.id, recipientId),
        bookName: books.bookName,
      })
      .from(user)
      .innerJoin(books, eq(books.id, talk.bookId))
      .where(eq(user.id, recipientId));
    if (!state || state.recipientClosed) {
      throw new AppError('CONFLICT', 'This person’s account is closed, so they can no longer receive messages');
    }
    if (state.blockedByRecipient)
      throw new AppError('FORBIDDEN', 'This person has blocked you, so you cannot write to them');
    if (state.blockedRecipient)
      throw new AppError('CONFLICT', 'You have blocked this person; unblock them to write to them');

    await tx.execute(sql`select pg_advisory_xact_lock(${messageOrderLock})`);
    const [made] = await tx
      .insert(messages)
      .values({ conversationId: id, senderId: caller.id, body: text })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    const messageId = Number(made!.id);
    const writerIsBuyer = talk.buyerId === caller.id;
    await tx
      .update(conversations)
      .set({
        lastMessageId: messageId,
        lastMessageAt: made!.createdAt,
        ...(writerIsBuyer ? { buyerReadUpTo: messageId } : { sellerReadUpTo: messageId }),
      })
      .where(eq(conversations.id, id));
    const line = `${caller.name} wrote about “${state.bookName}”`;
    await tx.execute(sql`
      insert into ${notifications} (user_id, kind, dedupe_key, book_id, text, link)
      values (${recipientId}, 'message', ${`conversation:${id}`}, ${talk.bookId}, ${line},
        ${`/dashboard/messages/${id}`})
      on conflict (user_id, dedupe_key) do update
        set read_at = null, created_at = now(), text = excluded.text`);
    await addJob(
      tx,
      'mail-unread-messages',
      { conversationId: id, recipientId },
      { runAt: new Date(Date.now() + rules.mailDelayMs), jobKey: `mail-unread-messages:${id}:${recipientId}` },
    );
    await notifyLive(tx, { kind: 'message', id: messageId, to: [talk.buyerId, talk.sellerId] });
    return {
      id: messageId,
      conversationId: id,
      senderId: caller.id,
      senderName: caller.name,
      text,
      createdAt: iso(made!.createdAt),
    } satisfies Message;
  });
}

/**
 * One of the two people has the conversation open: their read mark moves to its newest message, the mail about
 * it may go again after a new one, its bell notification is read, and the other side's streams hear it ("Seen").
 */
export function markRead(db: Db, caller: SessionUser, id: string) {
  return inTransaction(db, async (tx) => {
    const talk = await findConversation(tx, id, true);
    authorize(caller, 'conversation.write', talk);
    const isBuyer = talk.buyerId === caller.id;
    const upTo = Number(talk.lastMessageId ?? 0);
    const was = Number(isBuyer ? talk.buyerReadUpTo : talk.sellerReadUpTo);
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, caller.id),
          eq(notifications.dedupeKey, `conversation:${id}`),
          isNull(notifications.readAt),
        ),
      );
    if (upTo <= was) return { modifiedCount: 0 };
    await tx
      .update(conversations)
      .set(isBuyer ? { buyerReadUpTo: upTo, buyerMailedAt: null } : { sellerReadUpTo: upTo, sellerMailedAt: null })
      .where(eq(conversations.id, id));
    await notifyLive(tx, {
      kind: 'read',
      conversationId: id,
      readerId: caller.id,
      upTo,
      to: [talk.buyerId, talk.sellerId],
    });
    return { modifiedCount: 1 };
  });
}

/** The messages of the person's conversations after `afterId`, oldest first: what a resumed stream missed. */
export async function messagesAfter(db: Db, userId: string, afterId: number, limit = 1000): Promise<Message[]> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(senderUser, eq(senderUser.id, messages.senderId))
    .where(and(gt(messages.id, afterId), or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId))))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map(toMessage);
}
