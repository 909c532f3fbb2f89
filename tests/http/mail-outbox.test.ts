import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { mailOptOuts, mailOutbox } from '#server/db/schema/mail.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { createDeps } from '#server/deps.ts';
import { bookingMadeMail } from '#server/features/bookings/bookings.mail.ts';
import { madeAdminMail } from '#server/features/users/users.mail.ts';
import { createLogger } from '#server/http/logger.ts';
import { startJobRunner } from '#server/jobs/job-queue.ts';
import { jobCrontab, jobHandlers } from '#server/jobs/job-registry.ts';
import type { MailMessage } from '#server/mail/mail-message.ts';
import { mailQueuedAs, queueMail } from '#server/mail/outbox.ts';
import { mailAttempts, sendDueMail } from '#server/mail/outbox-sender.ts';
import { en } from '#shared/i18n/english.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import { testOrigin } from '../support/test-app.ts';

const t = await createMailingTestApp({ MAIL_FROM: 'The Big Bookshelf <shop@bookshelf.test>' });
afterAll(() => t.close());

const queue = (message: MailMessage) => inTransaction(t.db, (tx) => queueMail(tx, message));
const row = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
/** The send-mail jobs in the queue, once the staged ones have moved in (as a server moves them). */
const sendMailJobs = async () => {
  await t.queueStagedJobs();
  return (await t.pool.query("select id from graphile_worker.jobs where task_identifier = 'send-mail'")).rows;
};
/** A day passes for the messages waiting for a retry: their pause is over. */
const aDayPasses = () =>
  t.pool.query("update mail_outbox set last_attempt_at = last_attempt_at - interval '1 day' where sent_at is null");

const booked = (sellerId: string, bookName = 'Dune') =>
  bookingMadeMail({
    sellerId,
    order: { bookName, bundle: null },
    buyerName: 'Ben <b>Buyer</b>',
    phone: '+1 555 0100',
    meetingPlace: '',
  });

describe('the mail outbox', () => {
  it('queues a message and its job in the transaction of the change: a rolled-back change queues neither', async () => {
    const seller = await t.newUser('Seller');
    await expect(
      inTransaction(t.db, async (tx) => {
        await tx.update(user).set({ name: 'Changed' }).where(eq(user.id, seller.id));
        await queueMail(tx, booked(seller.id, 'Rolled back'));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, seller.id))).toEqual([]);
    expect(await sendMailJobs()).toEqual([]);

    const id = await queue(booked(seller.id));
    expect(await row(id!)).toMatchObject({ toAddress: seller.email, toName: seller.name, sentAt: null, attempts: 0 });
    // However many messages are queued, one job sends them.
    await queue(booked(seller.id, 'Second'));
    expect(await sendMailJobs()).toHaveLength(1);
    await t.runJobs();
    expect(await sendMailJobs()).toEqual([]);
    expect(t.inbox.to(seller.email)).toHaveLength(2);
  });

  it('stages one send-mail job for all the messages one statement queues', async () => {
    const [seller, buyer] = [await t.newUser('Seller'), await t.newUser('Buyer')];
    const staged = async () =>
      (await t.pool.query<{ n: number }>("select count(*)::int as n from staged_jobs where task = 'send-mail'"))
        .rows[0]!.n;
    await t.queueStagedJobs();
    await t.db.execute(
      sql`with ${mailQueuedAs({ to_seller: booked(seller.id), to_buyer: booked(buyer.id) })} select 1`,
    );
    expect(await staged()).toBe(1);
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.userId, [seller.id, buyer.id]));
    expect(queued.map((message) => message.toAddress).sort()).toEqual([buyer.email, seller.email].sort());
    await t.runJobs();
    expect(t.inbox.to(seller.email)).toHaveLength(1);
    expect(t.inbox.to(buyer.email)).toHaveLength(1);
  });

  it('sends a message with a plain-text and an HTML part, the store’s name, its link and an unsubscribe link', async () => {
    const seller = await t.newUser('Seller');
    const id = await queue(booked(seller.id, 'The Hobbit'));
    await t.runJobs();

    const [mail] = t.inbox.to(seller.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(en.mailTexts.bookings.bookingMade.subject({ book: 'The Hobbit' }));
    expect(mail!.from?.value).toEqual([{ name: 'The Big Bookshelf', address: 'shop@bookshelf.test' }]);
    expect(mail!.messageId).toBe(`<${id}@localhost>`);
    expect(mail!.text).toContain(en.mailTexts.frame.greeting({ name: seller.name }));
    expect(mail!.text).toContain('Buyer: Ben <b>Buyer</b>');
    expect(mail!.text).toContain(`${en.mailTexts.bookings.bookingMade.button}: ${testOrigin}/dashboard/myProducts`);
    expect(mail!.text).toContain(
      `${en.mailTexts.frame.footer.turnOff({ what: en.mail.kinds.orders })}: ${testOrigin}/unsubscribe?token=`,
    );
    expect(mail!.html).toContain(en.brand);
    expect(mail!.html).toContain(`href="${testOrigin}/dashboard/myProducts"`);
    // What a person typed is text in the HTML part, never markup.
    expect(mail!.html).toContain('Ben &lt;b&gt;Buyer&lt;/b&gt;');
    const header = (name: string) => mail!.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s*/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toContain(`<${testOrigin}/api/mail/unsubscribe?token=`);

    const sent = await row(id!);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent).toMatchObject({ attempts: 1, lastError: null, claimedUntil: null });
  });

  it('never sends a sent row again, whoever runs its job', async () => {
    const seller = await t.newUser('Seller');
    const id = (await queue(booked(seller.id, 'Sent once')))!;
    await t.runJobs();
    await aDayPasses();
    expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 0 });
    expect(t.inbox.to(seller.email)).toHaveLength(1);
    expect((await row(id)).attempts).toBe(1);
  });

  it('skips the kinds of mail a person turned off, and closed accounts', async () => {
    const seller = await t.newUser('Seller');
    await t.db.insert(mailOptOuts).values({ userId: seller.id, kind: 'orders' });
    expect(await queue(booked(seller.id))).toBeNull();
    expect(await queue(madeAdminMail({ userId: seller.id }))).not.toBeNull();

    const closed = await t.newUser('Buyer');
    await t.db.update(user).set({ closedAt: new Date() }).where(eq(user.id, closed.id));
    expect(await queue(madeAdminMail({ userId: closed.id }))).toBeNull();
  });

  it('sends each message once when two servers send the same outbox at the same time, a batch at a time', async () => {
    const sellers = await Promise.all(Array.from({ length: 4 }, () => t.newUser('Seller')));
    // More than one batch (50), queued in one transaction so that no runner starts before all are there.
    const ids = await inTransaction(t.db, async (tx) => {
      const queued: string[] = [];
      for (let i = 0; i < 120; i++) queued.push((await queueMail(tx, booked(sellers[i % 4]!.id, `Race ${i}`)))!);
      return queued;
    });

    // A second app process on the same database: its own pool, services and job runner.
    const second = connect(t.databaseUrl, 10);
    const log = createLogger('silent');
    const otherDeps = createDeps({
      env: t.deps.env,
      db: second.db,
      log,
      dataDir: path.dirname(t.deps.imagesDir!),
      secret: 'x'.repeat(32),
    });
    const runners = await Promise.all([
      startJobRunner({
        pool: t.pool,
        db: t.db,
        handlers: jobHandlers(t.deps),
        crontab: jobCrontab(),
        log,
        pollIntervalMs: 100,
      }),
      startJobRunner({
        pool: second.pool,
        db: second.db,
        handlers: jobHandlers(otherDeps),
        crontab: jobCrontab(),
        log,
        pollIntervalMs: 100,
      }),
    ]);
    try {
      // On top of the runners, both servers send the outbox directly, three times each, as duplicate jobs would.
      await Promise.all([t.deps, otherDeps, t.deps, otherDeps, t.deps, otherDeps].map((deps) => sendDueMail(deps)));
      for (let waited = 0; ; waited += 100) {
        const rows = await t.db
          .select({ sentAt: mailOutbox.sentAt })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, ids));
        if (rows.every((r) => r.sentAt)) break;
        if (waited > 15_000) throw new Error('the messages were not all sent');
        await new Promise((r) => setTimeout(r, 100));
      }
      // Every runner keeps the sender in its crontab, for retries and for what a crash left claimed.
      const { rows: crontab } = await t.pool.query(
        "select identifier from graphile_worker._private_known_crontabs where identifier = 'send-mail'",
      );
      expect(crontab).toHaveLength(1);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await second.pool.end();
    }

    const received = t.inbox.messages.filter((m) => m.subject?.includes('Race'));
    expect(received).toHaveLength(ids.length);
    expect(new Set(received.map((m) => m.messageId))).toEqual(new Set(ids.map((id) => `<${id}@localhost>`)));
    const attempts = await t.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids));
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);
  });

  it('sends a message a crashed sender held once its claim runs out, not before', async () => {
    const seller = await t.newUser('Seller');
    const id = (await queue(booked(seller.id, 'Held')))!;
    // A sender claimed it and died before sending.
    await t.db
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() + interval '5 minutes'`, attempts: 1 })
      .where(eq(mailOutbox.id, id));
    await t.runJobs();
    expect(t.inbox.to(seller.email)).toEqual([]);

    await t.db
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'`, lastAttemptAt: sql`now() - interval '1 day'` })
      .where(eq(mailOutbox.id, id));
    expect(await sendDueMail(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(t.inbox.to(seller.email).map((m) => m.subject)).toEqual([
      en.mailTexts.bookings.bookingMade.subject({ book: 'Held' }),
    ]);
    expect(await row(id)).toMatchObject({ attempts: 2, claimedUntil: null });
  });
});

describe('when the SMTP server is down', () => {
  it('keeps every message, with its attempts and last error, and sends each once when the server is back', async () => {
    const seller = await t.newUser('Seller');
    await t.inbox.stop();
    const ids = [
      (await queue(booked(seller.id, 'Delayed 1')))!,
      (await queue(booked(seller.id, 'Delayed 2')))!,
      (await queue(madeAdminMail({ userId: seller.id })))!,
    ];
    await t.runJobs();
    for (const id of ids) {
      expect(await row(id)).toMatchObject({
        sentAt: null,
        attempts: 1,
        lastError: expect.stringContaining('ECONNREFUSED'),
      });
    }
    // Each waits for its retry: a sender that runs now leaves them alone.
    expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 0 });

    await aDayPasses();
    expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 3 });
    expect((await row(ids[0]!)).attempts).toBe(2);
    expect(t.inbox.to(seller.email)).toEqual([]);

    await t.inbox.start();
    await aDayPasses();
    expect(await sendDueMail(t.deps)).toEqual({ sent: 3, failed: 0 });
    const received = t.inbox.to(seller.email);
    expect(received.map((m) => m.subject).sort()).toEqual(
      [
        en.mailTexts.bookings.bookingMade.subject({ book: 'Delayed 1' }),
        en.mailTexts.bookings.bookingMade.subject({ book: 'Delayed 2' }),
        en.mailTexts.users.madeAdmin.subject,
      ].sort(),
    );
    for (const id of ids) {
      const sent = await row(id);
      expect(sent).toMatchObject({ attempts: 3, lastError: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
    }
  });

  it('keeps a message out of attempts; given more as README.md says, it is sent', async () => {
    const buyer = await t.newUser('Buyer');
    await t.inbox.stop();
    const id = (await queue(madeAdminMail({ userId: buyer.id })))!;
    await t.db
      .update(mailOutbox)
      .set({ attempts: mailAttempts - 1 })
      .where(eq(mailOutbox.id, id));
    expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 1 });
    await t.inbox.start();
    await aDayPasses();
    // Failed for good: kept with its error, and no sender tries it again.
    expect(await sendDueMail(t.deps)).toEqual({ sent: 0, failed: 0 });
    expect(await row(id)).toMatchObject({
      sentAt: null,
      attempts: mailAttempts,
      lastError: expect.stringContaining('ECONNREFUSED'),
    });

    // What README.md tells an operator to run once the mail server works again.
    await t.pool.query(
      `update mail_outbox set attempts = 0, last_attempt_at = null where sent_at is null and attempts >= ${mailAttempts}`,
    );
    expect(await sendDueMail(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(t.inbox.to(buyer.email).map((m) => m.subject)).toEqual([en.mailTexts.users.madeAdmin.subject]);
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
  });
});
