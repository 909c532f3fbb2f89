import { afterAll, describe, expect, it } from 'vitest';
import { bookAs, confirmTestCard, openShop, payInFull, startPaying } from '../support/orders.ts';
import { type ReceivedMail, startSmtpInbox } from '../support/smtp-inbox.ts';
import type { TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// What people are told about their orders and reports, received on a real SMTP server and read with
// mailparser: every message has a plain-text and an HTML part, the store's name and a link to its page.

const inbox = await startSmtpInbox();
const shop = await openShop({ SMTP_URL: inbox.url, BOOKING_HOLD: '1s' });
const { t } = shop;
afterAll(async () => {
  await t.close();
  await inbox.stop();
});
const admin = await t.newUser('Admin');

/** Runs the jobs (mail is sent by them) and answers the messages one address received with this subject. */
async function received(to: TestUser, subject: RegExp): Promise<ReceivedMail> {
  await t.runJobs();
  const mail = await inbox.waitFor((m) => m.envelopeTo.includes(to.email) && subject.test(m.subject ?? ''), 5000);
  expect(mail.text).toContain('The Big Bookshelf');
  expect(mail.html).toContain('The Big Bookshelf');
  expect(mail.html).toMatch(/href="http:\/\/localhost:3000\/[^"]*"/);
  return mail;
}

const none = (to: TestUser, subject: RegExp) =>
  inbox.messages.filter((m) => m.envelopeTo.includes(to.email) && subject.test(m.subject ?? ''));

describe('order mail', () => {
  it('a booking tells the seller who to meet and the buyer until when to pay; a payment sends both a receipt', async () => {
    const buyer = await t.newUser('Buyer', { name: 'Ada Reader' });
    const book = await shop.newBook({ bookName: 'Middlemarch', resalePriceCents: 1250 });
    const bookingId = await bookAs(t, buyer, book.id, '+1 555 0199');

    const toSeller = await received(shop.seller, /Middlemarch was booked/);
    expect(toSeller.text).toContain('Ada Reader');
    expect(toSeller.text).toContain('+1 555 0199');
    expect(toSeller.text).toContain('Cafe');
    expect(toSeller.html).toContain('/dashboard/myProducts');
    const toBuyer = await received(buyer, /You booked Middlemarch/);
    expect(toBuyer.text).toMatch(/Pay by/);
    expect(toBuyer.text).toContain('12.50');
    expect(toBuyer.html).toContain('/dashboard/wishList');

    const { transactionId } = await payInFull(t, buyer, bookingId);
    const receipt = await received(buyer, /Your receipt for Middlemarch/);
    expect(receipt.text).toContain(transactionId);
    expect(receipt.text).toMatch(/\$12\.50 \(USD\)/);
    // Both mails name the other party and how to reach them for the meetup.
    expect(receipt.text).toContain(shop.seller.name);
    expect(receipt.text).toContain('+1 415 555 0100');
    expect(receipt.text).toContain('Test Street');
    const sold = await received(shop.seller, /Middlemarch is sold/);
    expect(sold.text).toMatch(/\$12\.50 \(USD\)/);
    expect(sold.text).toContain('Ada Reader');
    expect(sold.text).toContain('+1 555 0199');
    // A notification says how to turn that kind of mail off.
    expect(sold.text).toMatch(/unsubscribe|turn (these|this kind of) (mails?|emails?) off/i);
  });

  it('an expired hold tells both; a cancel tells the buyer why; a late payment tells the buyer it is refunded', async () => {
    const buyer = await t.newUser('Buyer');
    const expiring = await shop.newBook({ bookName: 'Ulysses' });
    await bookAs(t, buyer, expiring.id);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await received(buyer, /Ulysses.*expired|expired.*Ulysses/i)).text).toMatch(/expired/);
    expect((await received(shop.seller, /Ulysses.*expired|expired.*Ulysses/i)).text).toMatch(/expired/);

    const late = await shop.newBook({ bookName: 'Emma' });
    const bookingId = await bookAs(t, buyer, late.id);
    const charged = await confirmTestCard(t, buyer, await startPaying(t, buyer, bookingId));
    const { transactionId } = await jsonOf(charged, 200);
    const cancel = await t
      .as(shop.seller)
      .booking[':id'].cancel.$post({ param: { id: bookingId }, json: { reason: 'Found a coffee stain' } });
    expect(cancel.status).toBe(200);
    const cancelled = await received(buyer, /Emma.*cancelled|cancelled.*Emma/i);
    expect(cancelled.text).toContain('Found a coffee stain');
    const paid = await t.as(buyer).payments.$post({ json: { bookingId, transactionId } });
    expect(paid.status).toBe(409);
    await t.runJobs();
    const refunded = await inbox.waitFor((m) => m.envelopeTo.includes(buyer.email) && /refunded/.test(m.text ?? ''));
    expect(refunded.text).toMatch(/Emma/);
  });
});

describe('moderation mail', () => {
  it('each reporter hears what the admin decided, and the seller of a removed book is told', async () => {
    const reporters = [await t.newUser('Buyer'), await t.newUser('Buyer')];
    const kept = await shop.newBook({ bookName: 'Persuasion' });
    const removed = await shop.newBook({ bookName: 'Lolita copy' });
    for (const reporter of reporters) {
      for (const book of [kept, removed]) {
        expect((await t.as(reporter).books.report[':id'].$put({ param: { id: book.id }, json: {} })).status).toBe(200);
      }
    }
    expect((await t.as(admin).reportItems[':bookId'].$delete({ param: { bookId: kept.id } })).status).toBe(200);
    expect((await t.as(admin).reportItems[':bookId'].book.$delete({ param: { bookId: removed.id } })).status).toBe(200);
    for (const reporter of reporters) {
      await received(reporter, /Persuasion/);
      await received(reporter, /Lolita copy/);
    }
    await received(shop.seller, /Lolita copy/);
    expect(none(shop.seller, /Persuasion/)).toEqual([]);
  });

  it('a closed account is told nothing, and the other side of its orders is', async () => {
    const buyer = await t.newUser('Buyer');
    const book = await shop.newBook({ bookName: 'Walden' });
    await bookAs(t, buyer, book.id);
    await t.runJobs();
    expect((await t.as(admin).users[':id'].$delete({ param: { id: buyer.id } })).status).toBe(200);
    const toSeller = await received(shop.seller, /Walden/);
    expect(toSeller.text).toBeTruthy();
    await t.runJobs();
    expect(inbox.messages.filter((m) => m.envelopeTo.includes(buyer.email) && /cancel/i.test(m.text ?? ''))).toEqual(
      [],
    );
  });
});
