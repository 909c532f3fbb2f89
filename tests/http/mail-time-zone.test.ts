import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { en } from '#shared/i18n/english.ts';
import { bookAs, openShop } from '../support/orders.ts';
import { startSmtpInbox } from '../support/smtp-inbox.ts';
import { errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// Mail writes its times as the person reads them: in the time zone their browser last reported, with its
// abbreviation, received on a real SMTP server.

const inbox = await startSmtpInbox();
const shop = await openShop({ SMTP_URL: inbox.url });
const { t } = shop;
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

async function payByLine(buyer: TestUser, bookName: string) {
  const book = await shop.newBook({ bookName });
  const bookingId = await bookAs(t, buyer, book.id);
  await t.runJobs();
  const mail = await inbox.waitFor(
    (m) => m.envelopeTo.includes(buyer.email) && m.subject === `You booked ${bookName}`,
    5000,
  );
  const [row] = await t.db.select({ holdUntil: bookings.holdUntil }).from(bookings).where(eq(bookings.id, bookingId));
  const line = (mail.text ?? '').split('\n').find((l) => l.startsWith('Pay by: '));
  return { line, html: mail.html, holdUntil: row!.holdUntil };
}

const written = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(at);

describe('times in mail', () => {
  it('are written in the zone the browser reported, with its abbreviation', async () => {
    const buyer = await t.newUser('Buyer');
    const saved = await t.as(buyer).users.me.timeZone.$put({ json: { timeZone: 'America/New_York' } });
    expect(await jsonOf(saved, 200)).toEqual({ timeZone: 'America/New_York', modifiedCount: 1 });
    const again = await t.as(buyer).users.me.timeZone.$put({ json: { timeZone: 'America/New_York' } });
    expect((await jsonOf(again, 200)).modifiedCount).toBe(0);

    const { line, html, holdUntil } = await payByLine(buyer, 'Walden');
    const local = written(holdUntil, 'America/New_York');
    expect(local).toMatch(/E[SD]T$/);
    expect(line).toBe(`Pay by: ${local}`);
    expect(html).toContain(local);
    expect(line).not.toContain('UTC');
  });

  it('are in each person’s own zone, and in UTC for someone whose zone is not known', async () => {
    const traveller = await t.newUser('Buyer');
    await jsonOf(await t.as(traveller).users.me.timeZone.$put({ json: { timeZone: 'Asia/Kolkata' } }), 200);
    const kolkata = await payByLine(traveller, 'Gitanjali');
    expect(kolkata.line).toBe(`Pay by: ${written(kolkata.holdUntil, 'Asia/Kolkata')}`);
    expect(kolkata.line).toMatch(/GMT\+5:30$/);

    const nowhere = await t.newUser('Buyer');
    const utc = await payByLine(nowhere, 'Ulysses');
    expect(utc.line).toBe(`Pay by: ${written(utc.holdUntil, 'UTC')}`);
    expect(utc.line).toMatch(/UTC$/);
  });

  it('refuses a name that is not a time zone, and asks for a session first', async () => {
    const buyer = await t.newUser('Buyer');
    for (const timeZone of ['Mars/Olympus', 'Europe/', '../../etc/passwd', 'x'.repeat(65), '', 'Europe/Berlin; drop']) {
      const res = await t.call('PUT', '/api/users/me/timeZone', { as: buyer, json: { timeZone } });
      expect(await errorOf(res, 400)).toEqual({
        error: en.profile.timeZoneInvalid,
        code: 'BAD_REQUEST',
        field: 'timeZone',
      });
    }
    const notText = await t.call('PUT', '/api/users/me/timeZone', { as: buyer, json: { timeZone: 7 } });
    expect((await errorOf(notText, 400)).field).toBe('timeZone');
    const [row] = await t.db.select({ timeZone: user.timeZone }).from(user).where(eq(user.id, buyer.id));
    expect(row!.timeZone).toBeNull();
    expect((await t.call('PUT', '/api/users/me/timeZone', { json: { timeZone: 'UTC' } })).status).toBe(401);
  });
});
