import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { notifications, wantedMailDays } from '#server/db/schema/wanted.ts';
import { alertWanted } from '#server/features/wanted/wanted-alerts.service.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { en } from '#shared/i18n/english.ts';
import { createCategory } from '../support/factories.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import type { TestUser } from '../support/test-app.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

// A flood of matching listings mails a buyer at most WANTED_MAIL_DAILY_LIMIT (5 by default) alerts a day; every
// listing still rings the bell, and the alerts held back go out in one daily digest. The subjects carry no seller
// words. The listings here come from one seller, faster than LISTING_LIMIT allows: that limit is off, as this is
// about the mail (tests/http/listing-limits.test.ts holds it).

const t = await createMailingTestApp({ LISTING_LIMIT: 'off' });
afterAll(() => t.close());
const seller = await t.newUser('Seller');
const category = (await createCategory(t.db)).name;
const alertDeps = { db: t.db, currency: 'USD', mailDailyLimit: t.deps.env.WANTED_MAIL_DAILY_LIMIT };

async function list(bookName: string) {
  const res = await t.call('POST', '/api/books', {
    as: seller,
    json: {
      bookName,
      originalPrice: 20,
      resalePrice: 7,
      condition: 'Good',
      booksCategory: category,
      image: await uploadedImageUrl(t, seller),
      phone: '+1 415 555 0100',
      location: 'Town',
      description: 'Another copy.',
      purchaseYear: '2023-04-01',
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}
async function buyerWanting(q: string) {
  const buyer = await t.newUser('Buyer');
  expect((await t.call('POST', '/api/wanted', { as: buyer, json: { search: { q } } })).status).toBe(201);
  return buyer;
}
/** The mail queued for `who` from `template`, sent or not. */
const queued = (who: TestUser, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, who.id), eq(mailOutbox.template, template)));
const received = (who: TestUser) => t.inbox.to(who.email);
async function bell(who: TestUser) {
  const res = await t.call('GET', '/api/notifications/unread-count', { as: who });
  return ((await res.json()) as { unread: number }).unread;
}
const heldFor = async (who: TestUser) =>
  (
    await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.mailHeld, true)))
  ).length;
async function runDigest() {
  await addJob(t.db, 'send-wanted-digests', {});
  await t.runJobs();
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('WANTED_MAIL_DAILY_LIMIT', () => {
  it('22 matching listings: 5 alert mails that day, 22 notifications in the bell, the other 17 in one digest', async () => {
    const buyer = await buyerWanting('deluge');
    const titles = Array.from({ length: 22 }, (_, i) => `Deluge volume ${i + 1}`);
    for (const title of titles) await list(title);
    await t.runJobs();

    await t.inbox.waitFor(() => received(buyer).length >= 5, 5000);
    await settle();
    expect(received(buyer)).toHaveLength(5);
    expect(await queued(buyer, 'wanted-listed')).toHaveLength(5);
    for (const mail of received(buyer)) {
      expect(mail.subject).toBe(en.mailTexts.wanted.wantedListed.subject);
      expect(mail.text).toMatch(/Deluge volume \d+/);
    }
    expect(await bell(buyer)).toBe(22);
    expect(await heldFor(buyer)).toBe(17);

    await runDigest();
    const digest = await t.inbox.waitFor(
      (m) => m.envelopeTo.includes(buyer.email) && m.subject !== en.mailTexts.wanted.wantedListed.subject,
      5000,
    );
    expect(digest.subject).toBe(en.mailTexts.wanted.wantedDigest.subject({ n: 17 }));
    expect(digest.subject).toBe('17 more books on your Wanted list are for sale');
    const named = titles.filter((title) => digest.text!.includes(`${title}: $7.00 (USD)`));
    expect(named).toHaveLength(17);
    expect(digest.html).toContain('http://localhost:3000/dashboard/notifications');
    expect(await heldFor(buyer)).toBe(0);
    expect(await bell(buyer)).toBe(22);

    // The digest runs again (a retry, a second server): nobody gets it twice.
    await runDigest();
    await settle();
    expect(received(buyer)).toHaveLength(6);
    expect(await queued(buyer, 'wanted-digest')).toHaveLength(1);

    // The next day (the clock moved behind the app's back) the alerts are mailed again.
    await t.db.update(wantedMailDays).set({ day: sql`${wantedMailDays.day} - 1` });
    await list('Deluge volume 23');
    await t.runJobs();
    expect(await queued(buyer, 'wanted-listed')).toHaveLength(6);
    expect(await heldFor(buyer)).toBe(0);
  });

  it('twelve alert jobs for one buyer running at once mail 5 and hold 7', async () => {
    const buyer = await buyerWanting('torrent');
    const ids = [];
    for (let i = 1; i <= 12; i++) ids.push(await list(`Torrent ${i}`));
    await t.db.delete(stagedJobs);
    const told = await Promise.all(ids.map((id) => alertWanted(alertDeps, id)));
    expect(told).toEqual(Array(12).fill(1));
    expect(await queued(buyer, 'wanted-listed')).toHaveLength(5);
    expect(await heldFor(buyer)).toBe(7);
    expect(await bell(buyer)).toBe(12);
  });

  it('the digest names only the books still for sale, titles clipped, and is skipped when none is', async () => {
    const buyer = await buyerWanting('squall');
    const long = `Squall ${'and more words '.repeat(12)}`.trim();
    for (let i = 1; i <= 5; i++) await list(`Squall ${i}`);
    const held = [await list(long), await list('Squall sold meanwhile')];
    await t.runJobs();
    expect(await heldFor(buyer)).toBe(2);
    await t.db.update(books).set({ status: 'Sold' }).where(eq(books.id, held[1]!));

    await runDigest();
    const digest = await t.inbox.waitFor(
      (m) => m.envelopeTo.includes(buyer.email) && m.subject !== en.mailTexts.wanted.wantedListed.subject,
      5000,
    );
    expect(digest.subject).toBe('Another book on your Wanted list is for sale');
    expect(digest.text).toContain(`${long.slice(0, 79).trimEnd()}…: $7.00 (USD)`);
    expect(digest.text).not.toContain('Squall sold meanwhile');

    // The one held book was removed before the digest: no digest at all.
    const other = await buyerWanting('gust');
    for (let i = 1; i <= 6; i++) await list(`Gust ${i}`);
    await t.runJobs();
    expect(await heldFor(other)).toBe(1);
    await t.db.update(books).set({ status: 'Removed' }).where(eq(books.bookName, 'Gust 6'));
    await runDigest();
    expect(await queued(other, 'wanted-digest')).toHaveLength(0);
    expect(await heldFor(other)).toBe(0);
  });

  it('keeps the seller’s words out of every subject', async () => {
    const buyer = await buyerWanting('urgent');
    await list('URGENT: your account is locked, reply with your password');
    await t.runJobs();
    const mail = await t.inbox.waitFor((m) => m.envelopeTo.includes(buyer.email), 5000);
    expect(mail.subject).toBe('A book on your Wanted list is for sale');
    expect(mail.text).toContain('Book: URGENT: your account is locked, reply with your password');
  });
});
