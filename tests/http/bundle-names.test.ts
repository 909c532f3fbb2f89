import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { textsIn } from '#shared/i18n/english.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { inLocale } from '#shared/i18n/text-source.ts';
import { orderName } from '#shared/order-name.ts';
import { openShop, payInFull } from '../support/orders.ts';
import { enterCode } from '../support/payouts.ts';
import { startSmtpInbox } from '../support/smtp-inbox.ts';
import type { TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// A bundle's name ("3 books: …", ADR 031) in the language of whoever reads it, whatever the language it was booked
// in: its mail is written when sent from its books' names (ADR 032), and the lists that name it carry its books for
// the page to write the name in its own language. Mail is received on a real SMTP server.

const inbox = await startSmtpInbox();
const shop = await openShop({ SMTP_URL: inbox.url });
const { t, seller } = shop;
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

async function speaks(person: TestUser, language: Locale) {
  await jsonOf(await t.as(person).users.me.language.$put({ json: { language } }), 200);
}
await speaks(seller, 'es');

const en = textsIn('en').mailTexts;
const es = textsIn('es').mailTexts;

/** The bundle's name as a reader of each language reads it. */
const nameIn = (locale: Locale, names: string[]) =>
  textsIn(locale).bundles.orderName({ count: names.length, names: names.join(', ') });

const mailTo = (person: TestUser, subject: string) =>
  inbox.waitFor((m) => m.envelopeTo.includes(person.email) && m.subject === subject, 5000);

/** Three new books of the seller's booked as one bundle by `buyer` (English, as a request without a language). */
async function bookBundle(buyer: TestUser, tag: string) {
  const names = ['Emma', 'Persuasion', 'Middlemarch'].map((name) => `${name} ${tag}`);
  const bookIds = [];
  for (const bookName of names) bookIds.push((await shop.newBook({ bookName })).id);
  const { total } = await jsonOf(await t.as(buyer).bundles.quote.$post({ json: { bookIds } }), 200);
  const json = { bookIds, contact: '+1 555 0100', meetinglocation: 'Library steps', total };
  const { insertedId } = await jsonOf(await t.as(buyer).bundles.$post({ json }), 200);
  await t.runJobs();
  return { bookingId: insertedId, names, bookIds };
}

describe('a bundle booked by an English buyer from a Spanish seller', () => {
  it('is named in Spanish in the seller’s mail and in English in the buyer’s, when booked, paid and handed over', async () => {
    const buyer = await t.newUser('Buyer');
    const { bookingId, names } = await bookBundle(buyer, 'A');
    const [inEnglish, inSpanish] = [nameIn('en', names), nameIn('es', names)];
    expect(inSpanish).not.toBe(inEnglish);

    const made = await mailTo(seller, es.bookings.bookingMade.subject({ book: inSpanish }));
    expect(made.text).toContain(es.bookings.bookingMade.lines({ book: inSpanish })[0]!);
    expect(made.text).toContain(`${es.bookings.booking.book}: ${inSpanish}`);
    expect(made.html).toContain(inSpanish);
    expect(made.text).not.toContain(inEnglish);
    const confirmed = await mailTo(buyer, en.bookings.bookingConfirmed.subject({ book: inEnglish }));
    expect(confirmed.text).toContain(`${en.bookings.booking.book}: ${inEnglish}`);

    await payInFull(t, buyer, bookingId);
    await t.runJobs();
    await mailTo(seller, es.payments.paymentReceived.subject({ book: inSpanish }));
    await mailTo(buyer, en.payments.paymentReceipt.subject({ book: inEnglish }));

    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await t.runJobs();
    await mailTo(buyer, en.handovers.handedOver.subject({ book: inEnglish }));
    // The seller has no payout account yet: their share waits, and they are told in Spanish.
    const share = await mailTo(seller, es.payouts.waiting.subject({ book: inSpanish }));
    expect(share.text).toContain(`${es.payouts.book}: ${inSpanish}`);
  });

  it('is named in each one’s language when the seller cancels it', async () => {
    const buyer = await t.newUser('Buyer');
    const { bookingId, names } = await bookBundle(buyer, 'B');
    const cancel = { param: { id: bookingId }, json: { reason: 'One of them is damaged' } };
    await jsonOf(await t.as(seller).booking[':id'].cancel.$post(cancel), 200);
    await t.runJobs();
    const toSeller = await mailTo(seller, es.bookings.bookingEnded.subject.Cancelled({ book: nameIn('es', names) }));
    expect(toSeller.text).toContain(`${es.bookings.booking.book}: ${nameIn('es', names)}`);
    const toBuyer = await mailTo(buyer, en.bookings.bookingEnded.subject.Cancelled({ book: nameIn('en', names) }));
    expect(toBuyer.text).toContain('One of them is damaged');
  });

  it('is sent as it was named when its message was queued before bundles were named at sending', async () => {
    const stored = '3 books: Old, Shape, Row';
    await t.db.insert(mailOutbox).values({
      template: 'booking-cancelled-seller',
      kind: 'orders',
      userId: seller.id,
      toAddress: seller.email,
      toName: seller.name,
      data: { bookName: stored, reason: 'Queued long ago', amountCents: null, currency: null },
      language: 'en',
    });
    await addJob(t.db, 'send-mail', {}, { jobKey: 'send-mail' });
    await t.runJobs();
    const mail = await mailTo(seller, es.bookings.bookingEnded.subject.Cancelled({ book: stored }));
    expect(mail.text).toContain(`${es.bookings.booking.book}: ${stored}`);
  });
});

describe('the lists that name a bundle', () => {
  it('carry its books, so that the seller’s Earnings and the reviews name it in the page’s language', async () => {
    const buyer = await t.newUser('Buyer');
    const { bookingId, names } = await bookBundle(buyer, 'C');
    await payInFull(t, buyer, bookingId);
    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    t.sawWrites();
    const books = names.map((bookName) => ({ bookName }));

    const earnings = await jsonOf(await t.as(seller).payouts.earnings.$get({ query: {} }), 200);
    const sale = earnings.orders.find((order) => order.bookingId === bookingId)!;
    // The name kept on the booking is the buyer's request's; the page writes it from the books in its own.
    expect(sale).toMatchObject({ bookName: nameIn('en', names), bundle: { books } });
    expect(inLocale('es', () => orderName(sale))).toBe(nameIn('es', names));
    expect(inLocale('de', () => orderName(sale))).toBe(nameIn('de', names));
    const single = await shop.newBooking();
    await payInFull(t, single.buyer, single.bookingId);
    t.sawWrites();
    const again = await jsonOf(await t.as(seller).payouts.earnings.$get({ query: {} }), 200);
    expect(again.orders.find((order) => order.bookingId === single.bookingId)).toMatchObject({
      bookName: single.book.bookName,
      bundle: null,
    });

    const pending = await jsonOf(await t.as(buyer).reviews.pending.$get(), 200);
    expect(pending.find((order) => order.bookingId === bookingId)).toMatchObject({ bundle: { books } });
    await jsonOf(await t.as(buyer).reviews.$post({ json: { bookingId, stars: 5, text: 'Lovely books' } }), 201);
    await jsonOf(await t.as(seller).reviews.$post({ json: { bookingId, stars: 5, text: 'Paid at once' } }), 201);
    t.sawWrites();
    const reviews = await jsonOf(
      await t.api.sellers[':id'].reviews.$get({ param: { id: seller.id }, query: { limit: '50' } }),
      200,
    );
    const review = reviews.find((item) => item.text === 'Lovely books')!;
    expect(review).toMatchObject({ bookName: nameIn('en', names), bundle: { books } });
    expect(inLocale('ar', () => orderName(review))).toBe(nameIn('ar', names));
  });
});
