import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { setMailPreference } from '#server/features/mail/mail-preferences.service.ts';
import { alertWanted } from '#server/features/wanted/wanted-alerts.service.ts';
import { createCategory } from '../support/factories.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import type { TestUser } from '../support/test-app.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

// A listing that matches Wanted lists tells each person once, by a notification and an email received on a real
// SMTP server; never its seller, nobody for a book gone before the job ran, nobody twice.

const t = await createMailingTestApp();
afterAll(() => t.close());
const alertDeps = { db: t.db, currency: 'USD', mailDailyLimit: t.deps.env.WANTED_MAIL_DAILY_LIMIT };
const seller = await t.newUser('Seller');
const category = (await createCategory(t.db, { name: 'Novels' })).name;

/** Lists a book through the API, as the seller's form does; answers its id. */
async function list(overrides: Record<string, unknown> = {}, as = seller) {
  const res = await t.call('POST', '/api/books', {
    as,
    json: {
      bookName: 'Middlemarch',
      author: 'George Eliot',
      originalPrice: 20,
      resalePrice: 9.5,
      condition: 'Good',
      booksCategory: category,
      image: await uploadedImageUrl(t, as),
      phone: '+1 415 555 0100',
      location: 'Town',
      description: 'A study of provincial life.',
      purchaseYear: '2023-04-01',
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

const want = async (as: TestUser, json: unknown) =>
  expect((await t.call('POST', '/api/wanted', { as, json })).status).toBe(201);
/** A new buyer whose Wanted list has a saved search for `q`. */
async function buyerWanting(q: string) {
  const buyer = await t.newUser('Buyer');
  await want(buyer, { search: { q } });
  return buyer;
}
const mailsTo = (who: TestUser) => t.inbox.messages.filter((m) => m.envelopeTo.includes(who.email));
/** The mail queued for the user, sent or not. */
const queuedMailTo = (who: TestUser) => t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, who.id));

async function notificationsOf(who: TestUser) {
  const res = await t.call('GET', '/api/notifications', { as: who });
  expect(res.status).toBe(200);
  return { total: Number(res.headers.get('x-total-count')), items: (await res.json()) as Record<string, unknown>[] };
}
async function unread(who: TestUser) {
  const res = await t.call('GET', '/api/notifications/unread-count', { as: who });
  return ((await res.json()) as { unread: number }).unread;
}

describe('wanted-book alerts', () => {
  it('an ISBN and a saved search each alert once; a person with both is told once; a second run tells nobody', async () => {
    const byIsbn = await t.newUser('Buyer');
    const bySearch = await t.newUser('Buyer');
    const byBoth = await t.newUser('Seller');
    const notMatching = await t.newUser('Buyer');
    await want(byIsbn, { isbn: '0-306-40615-2' });
    await want(bySearch, { search: { q: 'provincial eliot', condition: 'Good', maxPrice: '10', category } });
    await want(byBoth, { isbn: '9780306406157' });
    await want(byBoth, { search: { q: 'middlemarch' } });
    await want(notMatching, { search: { q: 'middlemarch', maxPrice: '9' } });
    await want(seller, { isbn: '9780306406157' });

    const bookId = await list({ isbn: '978-0-306-40615-7' });
    // Asked before the job: kept in memory until a change version grows (ADR 012); the notification grows one.
    expect(await unread(byIsbn)).toBe(0);
    await t.runJobs();
    for (const who of [byIsbn, bySearch, byBoth]) {
      await t.inbox.waitFor((m) => m.envelopeTo.includes(who.email), 5000);
      const [mail] = mailsTo(who);
      expect(mail!.subject).toBe('A book on your Wanted list is for sale');
      expect(mail!.text).toContain('Middlemarch');
      expect(mail!.text).toContain('$9.50 (USD)');
      expect(mail!.html).toContain(`http://localhost:3000/books/${bookId}`);
      const { items, total } = await notificationsOf(who);
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({ kind: 'wanted', link: `/books/${bookId}`, readAt: null });
      expect(items[0]!.text).toContain('Middlemarch');
      expect(await unread(who)).toBe(1);
    }
    // The seller's own entry and the one whose price is too low are not told.
    for (const who of [seller, notMatching]) {
      expect((await notificationsOf(who)).total).toBe(0);
      expect(mailsTo(who)).toHaveLength(0);
    }

    // The job run again (a retry, a second server) alerts nobody twice.
    expect(await alertWanted(alertDeps, bookId)).toBe(0);
    await t.runJobs();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const who of [byIsbn, bySearch, byBoth]) {
      expect(mailsTo(who)).toHaveLength(1);
      expect((await notificationsOf(who)).total).toBe(1);
    }
  });

  it('fans out: 50 matching entries, two runs of the job at once, 50 notifications and 50 mails, each once', async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => t.newUser('Buyer')));
    await Promise.all(buyers.map((who) => want(who, { search: { q: 'felix holt', category } })));
    const bookId = await list({ bookName: 'Felix Holt, the Radical', author: null, description: 'Election riots.' });
    await t.db.delete(stagedJobs);
    const runs = await Promise.all([1, 2].map(() => alertWanted(alertDeps, bookId)));
    expect(runs[0]! + runs[1]!).toBe(50);
    await t.runJobs();
    await Promise.all(buyers.map((who) => t.inbox.waitFor((m) => m.envelopeTo.includes(who.email), 5000)));
    for (const who of buyers) expect(mailsTo(who)).toHaveLength(1);
    expect(await unread(buyers[49]!)).toBe(1);
  });

  it('a book no longer on sale when the job runs alerts nobody', async () => {
    const buyer = await buyerWanting('daniel deronda');
    const bookId = await list({ bookName: 'Daniel Deronda' });
    expect((await t.call('DELETE', `/api/books/${bookId}`, { as: seller })).status).toBe(200);
    await t.runJobs();
    expect((await notificationsOf(buyer)).total).toBe(0);
    expect(await queuedMailTo(buyer)).toHaveLength(0);
  });

  it('respects the Wanted kind of mail turned off: the notification still comes', async () => {
    const buyer = await buyerWanting('silas marner');
    await setMailPreference(t.db, { userId: buyer.id, kind: 'wanted', version: 0, subscribed: false });
    await list({ bookName: 'Silas Marner' });
    await t.runJobs();
    expect((await notificationsOf(buyer)).total).toBe(1);
    expect(await queuedMailTo(buyer)).toHaveLength(0);
  });

  it('marks one read, then all read; the unread count follows at once; others cannot read them', async () => {
    const buyer = await buyerWanting('romola');
    await list({ bookName: 'Romola' });
    await list({ bookName: 'Romola', condition: 'Fair' });
    await t.runJobs();
    expect(await unread(buyer)).toBe(2);
    const { items } = await notificationsOf(buyer);
    const other = await t.newUser('Buyer');
    expect((await t.call('POST', `/api/notifications/${items[0]!._id}/read`, { as: other })).status).toBe(403);
    const read = await t.call('POST', `/api/notifications/${items[0]!._id}/read`, { as: buyer });
    expect(await read.json()).toEqual({ modifiedCount: 1 });
    expect(await unread(buyer)).toBe(1);
    const all = await t.call('POST', '/api/notifications/read', { as: buyer });
    expect(await all.json()).toEqual({ modifiedCount: 1 });
    expect(await unread(buyer)).toBe(0);
    expect((await notificationsOf(buyer)).items.every((n) => n.readAt !== null)).toBe(true);
  });

  it('a hidden book is not on sale either', async () => {
    const buyer = await buyerWanting('adam bede');
    const bookId = await list({ bookName: 'Adam Bede' });
    await t.db.update(books).set({ hidden: true }).where(eq(books.id, bookId));
    await t.runJobs();
    expect((await notificationsOf(buyer)).total).toBe(0);
  });
});
