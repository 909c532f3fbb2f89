import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOptOuts } from '#server/db/schema/mail.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { bookingMadeMail } from '#server/features/bookings/bookings.mail.ts';
import { madeAdminMail } from '#server/features/users/users.mail.ts';
import type { MailMessage } from '#server/mail/mail-message.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { unsubscribeToken } from '#server/mail/unsubscribe-token.ts';
import { en } from '#shared/i18n/english.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import { linkIn } from '../support/smtp-inbox.ts';
import { errorOf, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createMailingTestApp();
afterAll(() => t.close());

const queue = (message: MailMessage) => inTransaction(t.db, (tx) => queueMail(tx, message));
const booked = (sellerId: string) =>
  bookingMadeMail({
    sellerId,
    order: { bookName: 'Emma', bundle: null },
    buyerName: 'Ben',
    phone: '5550100',
    meetingPlace: 'Library',
  });

describe('the unsubscribe link of an email', () => {
  it('turns that kind of mail off for that person (one click from a mail program), and on again', async () => {
    const seller = await t.newUser('Seller');
    await queue(booked(seller.id));
    await t.runJobs();
    const [mail] = t.inbox.to(seller.email);
    const page = linkIn(mail!, `${testOrigin}/unsubscribe?token=`);
    const header = mail!.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    const oneClick = header.match(/<([^>]+)>/)![1]!;
    expect(new URL(oneClick).searchParams.get('token')).toBe(new URL(page).searchParams.get('token'));

    // RFC 8058: the mail program posts the form body from its own servers, with no session and no Origin.
    const off = await t.app.request(oneClick.slice(testOrigin.length), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ kind: 'orders', subscribed: false });
    expect(await t.db.select().from(mailOptOuts).where(eq(mailOptOuts.userId, seller.id))).toMatchObject([
      { kind: 'orders' },
    ]);
    expect(await queue(booked(seller.id))).toBeNull();
    // Other kinds still come.
    expect(await queue(madeAdminMail({ userId: seller.id }))).not.toBeNull();
    // Saying it twice changes nothing.
    expect((await t.call('POST', oneClick.slice(testOrigin.length))).status).toBe(200);

    const on = await t.api.mail.resubscribe.$post({
      query: { token: String(new URL(page).searchParams.get('token')) },
    });
    expect(await on.json()).toEqual({ kind: 'orders', subscribed: true });
    expect(await queue(booked(seller.id))).not.toBeNull();
  });

  it('refuses a token this server did not sign for that person and kind, changing nothing', async () => {
    const buyer = await t.newUser('Buyer');
    const other = await t.newUser('Buyer');
    const secret = t.deps.mailer.frame.secret;
    const good = unsubscribeToken(secret, buyer.id, 'orders', 0);
    const [user, , signature] = good.split('.');
    const forged = [
      `${user}.moderation.${signature}`,
      `${unsubscribeToken(secret, other.id, 'orders', 0).split('.')[0]}.orders.${signature}`,
      `${user}.security.${signature}`,
      `${user}.orders.1.${signature}`,
      `${user}.orders.01.${unsubscribeToken(secret, buyer.id, 'orders', 1).split('.')[3]}`,
      unsubscribeToken('another-secret-another-secret-0000', buyer.id, 'orders', 0),
      'not-a-token',
    ];
    for (const token of forged) {
      const res = await t.api.mail.unsubscribe.$post({ query: { token } });
      expect(await errorOf(res, 400), token).toEqual({
        error: en.mail.linkInvalid,
        code: 'BAD_REQUEST',
        field: 'token',
      });
    }
    expect(await t.db.select().from(mailOptOuts).where(eq(mailOptOuts.userId, buyer.id))).toEqual([]);
  });
});

describe('signing out of every mail link', () => {
  /** The token of the unsubscribe link in the last mail `email` got. */
  const lastToken = (email: string) =>
    new URL(linkIn(t.inbox.to(email).at(-1)!, `${testOrigin}/unsubscribe?token=`)).searchParams.get('token')!;

  it('makes the links of the mail sent so far answer 410, and the links of later mail work', async () => {
    const seller = await t.newUser('Seller');
    const other = await t.newUser('Seller');
    await queue(booked(seller.id));
    await queue(booked(other.id));
    await t.runJobs();
    const old = lastToken(seller.email);
    const othersLink = lastToken(other.email);

    expect(await jsonOf(await t.as(seller).mail.links['sign-out'].$post(), 200)).toEqual({ signedOut: true });

    for (const call of [t.api.mail.unsubscribe, t.api.mail.resubscribe]) {
      expect(await errorOf(await call.$post({ query: { token: old } }), 410)).toEqual({
        error: en.mail.linkSignedOut,
        code: 'LINK_SIGNED_OUT',
        field: 'token',
      });
    }
    // The one-click address a mail program calls is the same call.
    const oneClick = await t.app.request(`/api/mail/unsubscribe?token=${encodeURIComponent(old)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(410);
    expect(await t.db.select().from(mailOptOuts).where(eq(mailOptOuts.userId, seller.id))).toEqual([]);

    // Someone else's links are theirs to sign out of.
    expect((await t.api.mail.unsubscribe.$post({ query: { token: othersLink } })).status).toBe(200);

    // The next mail's link works, until the next sign-out.
    await queue(booked(seller.id));
    await t.runJobs();
    const fresh = lastToken(seller.email);
    expect(fresh).not.toBe(old);
    expect(await jsonOf(await t.api.mail.unsubscribe.$post({ query: { token: fresh } }), 200)).toEqual({
      kind: 'orders',
      subscribed: false,
    });
    await jsonOf(await t.as(seller).mail.links['sign-out'].$post(), 200);
    expect((await t.api.mail.resubscribe.$post({ query: { token: fresh } })).status).toBe(410);
  });

  it('is for a signed-in person, from our own pages', async () => {
    expect((await t.api.mail.links['sign-out'].$post()).status).toBe(401);
    const buyer = await t.newUser('Buyer');
    const forged = await t.call('POST', '/api/mail/links/sign-out', {
      as: buyer,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
  });
});
