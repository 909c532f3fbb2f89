import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { en, textsIn } from '#shared/i18n/english.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { bookAs, openShop } from '../support/orders.ts';
import type { ReceivedMail } from '../support/smtp-inbox.ts';
import { startSmtpInbox } from '../support/smtp-inbox.ts';
import { type TestUser, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// Mail is written when it is sent, in the language its recipient reads the store in at that moment (ADR 030):
// subject, plain text and HTML, received on a real SMTP server.

const inbox = await startSmtpInbox();
const shop = await openShop({ SMTP_URL: inbox.url });
const { t } = shop;
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

async function speaks(person: TestUser, language: Locale) {
  await jsonOf(await t.as(person).users.me.language.$put({ json: { language } }), 200);
}

const mailTo = (person: TestUser, subject: string) =>
  inbox.waitFor((m) => m.envelopeTo.includes(person.email) && m.subject === subject, 5000);

/** The message's own paragraph and its frame's greeting, in the plain text and in the HTML part. */
function expectWritten(mail: ReceivedMail, paragraph: string, greeting: string) {
  expect(mail.text).toContain(paragraph);
  expect(mail.text).toContain(greeting);
  expect(mail.html).toContain(paragraph);
  expect(mail.html).toContain(greeting);
}

describe('mail in its recipient’s language', () => {
  it('reaches a Spanish buyer in Spanish and their English seller in English', async () => {
    const buyer = await t.newUser('Buyer');
    await speaks(buyer, 'es');
    const { bookName, id } = await shop.newBook({ bookName: 'Cien años de soledad' });
    await bookAs(t, buyer, id);
    await t.runJobs();

    const es = textsIn('es').mailTexts;
    const toBuyer = await mailTo(buyer, es.bookings.bookingConfirmed.subject({ book: bookName }));
    expectWritten(
      toBuyer,
      es.bookings.bookingConfirmed.lines({ book: bookName })[0]!,
      es.frame.greeting({ name: buyer.name }),
    );
    expect(toBuyer.text).toContain(`${es.bookings.booking.payBy}: `);
    // Its links open the store's pages in Spanish.
    expect(toBuyer.text).toContain(`${es.bookings.bookingConfirmed.button}: ${testOrigin}/es/dashboard/wishList`);
    expect(toBuyer.text).toContain(`${testOrigin}/es/unsubscribe?token=`);
    expect(toBuyer.html).toContain('<html lang="es" dir="ltr">');

    const toSeller = await mailTo(shop.seller, en.mailTexts.bookings.bookingMade.subject({ book: bookName }));
    expectWritten(
      toSeller,
      en.mailTexts.bookings.bookingMade.lines({ book: bookName })[0]!,
      en.mailTexts.frame.greeting({ name: shop.seller.name }),
    );
    expect(toSeller.html).toContain('<html lang="en" dir="ltr">');
  });

  it('is written in the language the person has when it is sent, not when it was queued', async () => {
    const buyer = await t.newUser('Buyer');
    const { bookName, id } = await shop.newBook({ bookName: 'Der Zauberberg' });
    await bookAs(t, buyer, id);
    // Queued in English; the sender has not run yet.
    await speaks(buyer, 'de');
    await t.runJobs();

    const de = textsIn('de').mailTexts;
    const mail = await mailTo(buyer, de.bookings.bookingConfirmed.subject({ book: bookName }));
    expectWritten(
      mail,
      de.bookings.bookingConfirmed.lines({ book: bookName })[0]!,
      de.frame.greeting({ name: buyer.name }),
    );
    expect(inbox.to(buyer.email).map((m) => m.subject)).toEqual([mail.subject]);
  });

  it('reaches an Arabic buyer right to left in Arabic, and their German seller in German', async () => {
    await speaks(shop.seller, 'de');
    const buyer = await t.newUser('Buyer');
    await speaks(buyer, 'ar');
    const { bookName, id } = await shop.newBook({ bookName: 'ألف ليلة وليلة' });
    await bookAs(t, buyer, id);
    await t.runJobs();
    await speaks(shop.seller, 'en');

    const ar = textsIn('ar').mailTexts;
    const toBuyer = await mailTo(buyer, ar.bookings.bookingConfirmed.subject({ book: bookName }));
    expectWritten(
      toBuyer,
      ar.bookings.bookingConfirmed.lines({ book: bookName })[0]!,
      ar.frame.greeting({ name: buyer.name }),
    );
    expect(toBuyer.html).toContain('<html lang="ar" dir="rtl">');
    // Its table of details has each label on the right, where an Arabic line starts.
    expect(toBuyer.html).toContain('<th align="right"');
    expect(toBuyer.html).toContain(textsIn('ar').brand);

    const de = textsIn('de').mailTexts;
    const toSeller = await mailTo(shop.seller, de.bookings.bookingMade.subject({ book: bookName }));
    expectWritten(
      toSeller,
      de.bookings.bookingMade.lines({ book: bookName })[0]!,
      de.frame.greeting({ name: shop.seller.name }),
    );
    expect(toSeller.html).toContain('<html lang="de" dir="ltr">');
  });

  it('to someone who chose no language, is written in the language of the request that queued it', async () => {
    const person = await t.newUser('Buyer', { withPassword: true });
    const res = await t.call('POST', '/api/auth/request-password-reset', {
      json: { email: person.email, redirectTo: '/de/login' },
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(res.status).toBe(200);
    await t.runJobs();

    const de = textsIn('de').mailTexts;
    const mail = await mailTo(person, de.auth.resetPassword.subject);
    expectWritten(mail, de.auth.resetPassword.lines[0]!, de.frame.greeting({ name: person.name }));
  });

  it('of a booking, to a buyer who chose no language, is written in the language of the request that booked', async () => {
    const buyer = await t.newUser('Buyer');
    const { bookName, id } = await shop.newBook({ bookName: 'Rayuela' });
    const res = await t
      .as(buyer)
      .booking.$post(
        { json: { bookId: id, contact: '+1 555 0100', meetinglocation: 'Cafe' } },
        { headers: { 'accept-language': 'es-ES,es;q=0.9' } },
      );
    await jsonOf(res, 200);
    await t.runJobs();

    const es = textsIn('es').mailTexts;
    const mail = await mailTo(buyer, es.bookings.bookingConfirmed.subject({ book: bookName }));
    expectWritten(
      mail,
      es.bookings.bookingConfirmed.lines({ book: bookName })[0]!,
      es.frame.greeting({ name: buyer.name }),
    );
  });

  it('sends a message queued before mail was written when sent as it was queued', async () => {
    const person = await t.newUser('Buyer');
    await speaks(person, 'es');
    await t.db.insert(mailOutbox).values({
      template: 'made-admin',
      kind: 'account',
      userId: person.id,
      toAddress: person.email,
      toName: person.name,
      subject: 'Queued before the upgrade',
      text: 'Words written when it was queued.',
      html: '<p style="margin:0 0 16px">Words written when it was queued.</p>',
      linkHref: '/dashboard',
      linkLabel: 'Open your dashboard',
    });
    await addJob(t.db, 'send-mail', {}, { jobKey: 'send-mail' });
    await t.runJobs();

    const mail = await mailTo(person, 'Queued before the upgrade');
    expectWritten(mail, 'Words written when it was queued.', en.mailTexts.frame.greeting({ name: person.name }));
    expect(mail.text).toContain('Open your dashboard: ');
  });
});
