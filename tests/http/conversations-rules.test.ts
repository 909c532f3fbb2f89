import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { handovers } from '#server/db/schema/handovers.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notifications } from '#server/db/schema/wanted.ts';
import { reportHandoverProblem } from '#server/features/handovers/handovers.service.ts';
import type { Conversation, ConversationSummary, Message, ReportedMessage } from '#shared/schemas/conversation.ts';
import { invariantViolations } from '../support/invariants.ts';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';

// The rules of conversations (PRODUCT.md §11) through the real app: who may start, read and write one, what a
// message may be, blocks, reports and the admins' access, the bell and the one mail while unread, closed accounts.

const shop = await openShop({ MESSAGE_RATE_LIMIT: '8/60', MESSAGE_MAIL_DELAY: '0s' });
const { t } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const start = (as: TestUser, bookId: string, buyerId?: string) =>
  t.call('POST', '/api/conversations', { as, json: { bookId, ...(buyerId && { buyerId }) } });
const send = (id: string, as: TestUser, text: unknown) =>
  t.call('POST', `/api/conversations/${id}/messages`, { as, json: { text } });
const read = (id: string, as: TestUser) => t.call('GET', `/api/conversations/${id}`, { as });

/** A new seller with a new book, a new buyer, and the buyer's conversation about it. */
async function newTalk() {
  const seller = await t.newUser('Seller', { verified: true });
  const buyer = await t.newUser('Buyer');
  const book = await shop.newBook({ sellerId: seller.id } as never);
  const { id } = await json<{ id: string }>(await start(buyer, book.id));
  return { seller, buyer, book, id };
}

async function sent(id: string, as: TestUser, text: string) {
  return json<Message>(await send(id, as, text), 201);
}

describe('starting a conversation ("Ask the seller")', () => {
  it('makes one conversation per book and buyer: asking again opens the same one', async () => {
    const { buyer, book, id } = await newTalk();
    expect((await json<{ id: string }>(await start(buyer, book.id))).id).toBe(id);
    const other = await t.newUser('Buyer');
    expect((await json<{ id: string }>(await start(other, book.id))).id).not.toBe(id);
  });

  it('makes one conversation when the same buyer asks many times at once', async () => {
    const { seller } = await newTalk();
    const book = await shop.newBook({ sellerId: seller.id } as never);
    const buyer = await t.newUser('Buyer');
    const answers = await Promise.all(Array.from({ length: 12 }, () => start(buyer, book.id)));
    const ids = await Promise.all(answers.map((res) => json<{ id: string }>(res)));
    expect(new Set(ids.map((answer) => answer.id)).size).toBe(1);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it("refuses one's own book, an unknown book, and a removed book when there is no conversation yet", async () => {
    const { seller, buyer, book, id } = await newTalk();
    expect((await errorOf(await start(seller, book.id), 403)).error).toMatch(/your own book/);
    expect((await errorOf(await start(buyer, crypto.randomUUID()), 404)).error).toBe('There is no book with this id');
    expect((await errorOf(await start(buyer, 'not-a-uuid'), 400)).field).toBe('bookId');
    await t.db.execute(sql`update books set status = 'Removed' where id = ${book.id}`);
    const late = await t.newUser('Buyer');
    expect((await errorOf(await start(late, book.id), 409)).error).toBe(
      'This book is no longer listed, so you cannot start a conversation about it',
    );
    // The one that exists goes on.
    expect((await json<{ id: string }>(await start(buyer, book.id))).id).toBe(id);
    await sent(id, buyer, 'Still there?');
  });

  it('lets a seller write first to the buyer of a booking of their book, and nobody else name a buyer', async () => {
    const seller = shop.seller;
    const { buyer, book, bookingId } = await shop.newBooking();
    expect(bookingId).toBeTruthy();
    const { id } = await json<{ id: string }>(await start(seller, book.id, buyer.id));
    expect((await json<{ id: string }>(await start(buyer, book.id))).id).toBe(id);
    const stranger = await t.newUser('Seller');
    expect((await errorOf(await start(stranger, book.id, buyer.id), 403)).error).toBe(
      'Only the seller of this book can write first to its buyer',
    );
    const nobody = await t.newUser('Buyer');
    expect((await errorOf(await start(seller, book.id, nobody.id), 404)).error).toBe(
      'This person has not booked this book',
    );
  });
});

describe('messages', () => {
  it('are plain text of 1 to 2,000 characters after trimming, links and markup kept as text', async () => {
    const { buyer, id } = await newTalk();
    expect((await errorOf(await send(id, buyer, '   '), 400)).error).toBe('Write a message first');
    expect((await errorOf(await send(id, buyer, ''), 400)).field).toBe('text');
    expect((await errorOf(await send(id, buyer, 'x'.repeat(2001)), 400)).error).toBe(
      'A message can be at most 2,000 characters',
    );
    expect((await errorOf(await send(id, buyer, 42), 400)).field).toBe('text');
    const long = await sent(id, buyer, `  ${'y'.repeat(2000)}  `);
    expect(long.text).toBe('y'.repeat(2000));
    const html = '<a href="https://evil.example">see https://evil.example</a><script>alert(1)</script>';
    expect((await sent(id, buyer, html)).text).toBe(html);
    const shown = await json<Conversation>(await read(id, buyer));
    expect(shown.messages.map((m) => m.text)).toEqual(['y'.repeat(2000), html]);
  });

  it('are limited per person (MESSAGE_RATE_LIMIT, 8 a minute here): the ninth is a 429 saying how long to wait', async () => {
    const { buyer, id } = await newTalk();
    for (let i = 0; i < 8; i += 1) await sent(id, buyer, `message ${i}`);
    const refused = await send(id, buyer, 'one too many');
    expect((await errorOf(refused, 429)).error).toMatch(/^Too many messages in a short time; please wait \d+ seconds/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('are written and read by the two people only; an admin nobody involved is refused', async () => {
    const { seller, buyer, id } = await newTalk();
    await sent(id, buyer, 'Is the dust jacket there?');
    await sent(id, seller, 'Yes, a little worn.');
    const stranger = await t.newUser('Buyer');
    for (const who of [stranger, admin]) {
      expect((await errorOf(await read(id, who), 403)).error).toBe('This conversation is between two other people');
      expect((await errorOf(await send(id, who, 'hi'), 403)).error).toBe(
        'Only the buyer and the seller in this conversation can write in it',
      );
    }
    expect((await errorOf(await read(crypto.randomUUID(), buyer), 404)).error).toBe(
      'There is no conversation with this id',
    );
  });
});

describe('read marks and the lists', () => {
  it('count unread messages per conversation for each side, and move when the conversation is read', async () => {
    const { seller, buyer, id, book } = await newTalk();
    const first = await sent(id, buyer, 'one');
    await sent(id, buyer, 'two');
    const sellerList = await json<ConversationSummary[]>(await t.call('GET', '/api/conversations', { as: seller }));
    expect(sellerList[0]).toMatchObject({ id, bookId: book.id, role: 'seller', unread: 2, lastMessage: 'two' });
    expect(sellerList[0]!.other).toMatchObject({ id: buyer.id, name: buyer.name, closed: false });
    const buyerList = await json<ConversationSummary[]>(await t.call('GET', '/api/conversations', { as: buyer }));
    expect(buyerList[0]).toMatchObject({ id, role: 'buyer', unread: 0 });
    expect(await json(await t.call('GET', '/api/conversations/unread-count', { as: seller }))).toEqual({ unread: 2 });

    const before = await json<Conversation>(await read(id, buyer));
    expect(before.sellerReadUpTo).toBe(0);
    expect(await json(await t.call('POST', `/api/conversations/${id}/read`, { as: seller }))).toEqual({
      modifiedCount: 1,
    });
    expect(await json(await t.call('POST', `/api/conversations/${id}/read`, { as: seller }))).toEqual({
      modifiedCount: 0,
    });
    const after = await json<Conversation>(await read(id, buyer));
    expect(after.sellerReadUpTo).toBeGreaterThan(first.id);
    expect(await json(await t.call('GET', '/api/conversations/unread-count', { as: seller }))).toEqual({ unread: 0 });
  });

  it('shows the newest 100 messages, and the earlier ones with `before`', async () => {
    const { buyer, id } = await newTalk();
    await t.db.execute(sql`insert into messages (conversation_id, sender_id, body)
      select ${id}, ${buyer.id}, 'm' || n from generate_series(1, 105) n`);
    const page = await json<Conversation>(await read(id, buyer));
    expect(page.messages).toHaveLength(100);
    expect(page.hasOlder).toBe(true);
    expect(page.messages.at(-1)!.text).toBe('m105');
    const older = await json<Conversation>(
      await t.call('GET', `/api/conversations/${id}?before=${page.messages[0]!.id}`, { as: buyer }),
    );
    expect(older.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.hasOlder).toBe(false);
  });
});

describe('the bell and the mail', () => {
  const mailsTo = async (userId: string) =>
    (
      await t.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'unread-messages')))
    ).length;

  it('ring once per conversation, and mail once while it stays unread; reading it lets the next one mail again', async () => {
    const { seller, buyer, id } = await newTalk();
    await sent(id, buyer, 'one');
    await sent(id, buyer, 'two');
    await t.runJobs();
    const bells = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({ kind: 'message', dedupeKey: `conversation:${id}`, readAt: null });
    expect(bells[0]!.link).toBe(`/dashboard/messages/${id}`);
    expect(await mailsTo(seller.id)).toBe(1);
    await sent(id, buyer, 'three');
    await t.runJobs();
    expect(await mailsTo(seller.id)).toBe(1);
    // The writer is never told of their own messages.
    expect(await mailsTo(buyer.id)).toBe(0);

    await t.call('POST', `/api/conversations/${id}/read`, { as: seller });
    const [bell] = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(bell!.readAt).not.toBeNull();
    await sent(id, buyer, 'four');
    await t.runJobs();
    expect(await mailsTo(seller.id)).toBe(2);
    const [again] = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(again!.readAt).toBeNull();
  });

  it('send no mail when the message was read before the job ran', async () => {
    const { seller, buyer, id } = await newTalk();
    await sent(id, buyer, 'quick question');
    await t.call('POST', `/api/conversations/${id}/read`, { as: seller });
    await t.runJobs();
    expect(await mailsTo(seller.id)).toBe(0);
  });
});

describe('blocks', () => {
  it('stop the blocked person writing and booking, say so in their words, and lift when unblocked', async () => {
    const { seller, buyer, id, book } = await newTalk();
    await sent(id, buyer, 'hello');
    expect(await json(await t.call('PUT', `/api/blocks/${buyer.id}`, { as: seller }))).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    expect(await json(await t.call('PUT', `/api/blocks/${buyer.id}`, { as: seller }))).toMatchObject({
      modifiedCount: 0,
    });
    expect((await errorOf(await send(id, buyer, 'hello?'), 403)).error).toBe(
      'This person has blocked you, so you cannot write to them',
    );
    expect((await errorOf(await send(id, seller, 'bye'), 409)).error).toBe(
      'You have blocked this person; unblock them to write to them',
    );
    const booking = await t.call('POST', '/api/booking', {
      as: buyer,
      json: { bookId: book.id, contact: '+1 555 0100' },
    });
    expect((await errorOf(booking, 403)).error).toBe('The seller of this book has blocked you, so you cannot book it');
    const another = await shop.newBook({ sellerId: seller.id } as never);
    expect((await errorOf(await start(buyer, another.id), 403)).error).toBe(
      'The seller of this book has blocked you, so you cannot write to them',
    );
    const shown = await json<Conversation>(await read(id, seller));
    expect([shown.youBlocked, shown.blockedYou]).toEqual([true, false]);
    expect((await json<Conversation>(await read(id, buyer))).blockedYou).toBe(true);

    expect(await json(await t.call('DELETE', `/api/blocks/${buyer.id}`, { as: seller }))).toMatchObject({
      modifiedCount: 1,
    });
    await sent(id, buyer, 'hello again');
    expect(await bookAs(t, buyer, book.id)).toBeTruthy();
  });

  it('refuse blocking oneself or nobody', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await errorOf(await t.call('PUT', `/api/blocks/${buyer.id}`, { as: buyer }), 409)).error).toBe(
      'You cannot block yourself',
    );
    expect((await errorOf(await t.call('PUT', '/api/blocks/nobody', { as: buyer }), 404)).error).toBe(
      'There is no person with this id',
    );
  });
});

describe('reports and the admins', () => {
  it('a reported message joins Reported Items with its context, and opens the conversation to admins until dismissed', async () => {
    const { seller, buyer, id } = await newTalk();
    const texts = ['a', 'b', 'c', 'd', 'rude', 'e', 'f', 'g', 'h'];
    const byText = new Map<string, Message>();
    for (const [i, text] of texts.entries()) byText.set(text, await sent(id, i % 2 ? buyer : seller, text));
    const rude = byText.get('rude')!;
    expect(rude.senderId).toBe(seller.id);
    expect((await errorOf(await t.call('PUT', `/api/messages/${rude.id}/report`, { as: seller }), 403)).error).toBe(
      'You can only report a message someone wrote to you',
    );
    expect((await errorOf(await read(id, admin), 403)).error).toBe('This conversation is between two other people');

    const report = (as: TestUser) =>
      t.call('PUT', `/api/messages/${rude.id}/report`, { as, json: { reason: 'Insults' } });
    expect(await json(await report(buyer))).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await errorOf(await report(buyer), 409)).error).toBe('You have already reported this message');

    const queue = await json<ReportedMessage[]>(await t.call('GET', '/api/reportedMessages', { as: admin }));
    const item = queue.find((entry) => entry.messageId === rude.id)!;
    expect(item.message.text).toBe('rude');
    expect(item.context.map((m) => m.text)).toEqual(['b', 'c', 'd', 'rude', 'e', 'f', 'g']);
    expect(item.reports).toEqual([{ reporterName: buyer.name, reason: 'Insults', reportedAt: expect.any(String) }]);
    const seen = await json<Conversation>(await read(id, admin));
    expect(seen.role).toBe('admin');
    // An admin reads; an admin does not write in other people's conversations.
    expect((await errorOf(await send(id, admin, 'hi'), 403)).error).toMatch(/Only the buyer and the seller/);

    expect(await json(await t.call('DELETE', `/api/reportedMessages/${rude.id}`, { as: admin }))).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await errorOf(await t.call('DELETE', `/api/reportedMessages/${rude.id}`, { as: admin }), 409)).error).toBe(
      'This message has no reports to dismiss',
    );
    expect((await errorOf(await read(id, admin), 403)).error).toBe('This conversation is between two other people');
  });

  it('a handover problem the buyer reported opens the conversation of that book and buyer to admins', async () => {
    const { buyer, book, bookingId } = await shop.newBooking();
    const { id } = await json<{ id: string }>(await start(buyer, book.id));
    await sent(id, buyer, 'Where do we meet?');
    await payInFull(t, buyer, bookingId);
    expect((await errorOf(await read(id, admin), 403)).error).toBe('This conversation is between two other people');
    await t.db
      .update(handovers)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(handovers.bookingId, bookingId));
    const session = { ...buyer, image: null, capabilities: [buyer.role], verified: false };
    await reportHandoverProblem(t.db, bookingId, session, 'The seller never came', t.deps.env.HANDOVER_PERIOD);
    const seen = await json<Conversation>(await read(id, admin));
    expect(seen.messages.map((m) => m.text)).toEqual(['Where do we meet?']);
  });
});

describe('closed accounts', () => {
  it("keep their messages for the other person under the tombstone name; they can't be written to or told", async () => {
    const { seller, buyer, id } = await newTalk();
    await sent(id, seller, 'It is still available.');
    await sent(id, buyer, 'Great, thanks!');
    const closed = await t.call('DELETE', `/api/users/${seller.id}`, { as: admin });
    expect(closed.status).toBe(200);
    const shown = await json<Conversation>(await read(id, buyer));
    expect(shown.seller).toMatchObject({ name: 'Closed account', closed: true, image: null });
    expect(shown.messages.map((m) => [m.senderName, m.text])).toEqual([
      ['Closed account', 'It is still available.'],
      [buyer.name, 'Great, thanks!'],
    ]);
    expect((await errorOf(await send(id, buyer, 'Hello?'), 409)).error).toBe(
      'This person’s account is closed, so they can no longer receive messages',
    );
    await t.runJobs();
    const toClosed = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, seller.id), eq(mailOutbox.template, 'unread-messages')));
    expect(toClosed).toEqual([]);
    // The closed session counts for nothing.
    expect((await read(id, seller)).status).toBe(401);
  });
});
