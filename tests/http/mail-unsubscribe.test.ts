import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOptOuts } from '#server/db/schema/mail.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { bookingMadeMail, type MailMessage, madeAdminMail } from '#server/mail/mail-templates.ts';
import { mailTexts } from '#server/mail/mail-texts.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { unsubscribeToken } from '#server/mail/unsubscribe-token.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import { linkIn } from '../support/smtp-inbox.ts';
import { errorOf, testOrigin } from '../support/test-app.ts';

const t = await createMailingTestApp();
afterAll(() => t.close());

const queue = (message: MailMessage) => inTransaction(t.db, (tx) => queueMail(tx, message));
const booked = (sellerId: string) =>
  bookingMadeMail({ sellerId, bookName: 'Emma', buyerName: 'Ben', phone: '5550100', meetingPlace: 'Library' });

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
    const good = unsubscribeToken(secret, buyer.id, 'orders');
    const [user, , signature] = good.split('.');
    const forged = [
      `${user}.moderation.${signature}`,
      `${unsubscribeToken(secret, other.id, 'orders').split('.')[0]}.orders.${signature}`,
      `${user}.security.${signature}`,
      unsubscribeToken('another-secret-another-secret-0000', buyer.id, 'orders'),
      'not-a-token',
    ];
    for (const token of forged) {
      const res = await t.api.mail.unsubscribe.$post({ query: { token } });
      expect(await errorOf(res, 400), token).toEqual({
        error: pageMessages.mail.linkInvalid,
        code: 'BAD_REQUEST',
        field: 'token',
      });
    }
    expect(await t.db.select().from(mailOptOuts).where(eq(mailOptOuts.userId, buyer.id))).toEqual([]);
    expect(mailTexts.kinds.orders).toBe(pageMessages.mail.kinds.orders);
  });
});
