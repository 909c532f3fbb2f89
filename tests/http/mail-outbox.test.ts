import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { mailOptOuts, mailOutbox } from '#server/db/schema/mail.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { createDeps } from '#server/deps.ts';
import { createLogger } from '#server/http/logger.ts';
import { jobHandlers } from '#server/jobs/job-handlers.ts';
import { startJobRunner } from '#server/jobs/job-queue.ts';
import { bookingMadeMail, type MailMessage, madeAdminMail } from '#server/mail/mail-templates.ts';
import { mailTexts } from '#server/mail/mail-texts.ts';
import { queueMail, sendQueuedMail } from '#server/mail/outbox.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { createTestApp, type TestApp, testOrigin } from '../support/test-app.ts';

let inbox: SmtpInbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'The Big Bookshelf <shop@bookshelf.test>' });
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

const queue = (message: MailMessage) => inTransaction(t.db, (tx) => queueMail(tx, message));
const row = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
/** The send-mail jobs in the queue, once the staged ones have moved in (as a server moves them). */
const sendMailJobs = async () => {
  await t.queueStagedJobs();
  return (
    await t.pool.query<{ attempts: number; max_attempts: number; last_error: string | null; due: boolean }>(
      "select attempts, max_attempts, last_error, run_at <= now() as due from graphile_worker.jobs where task_identifier = 'send-mail'",
    )
  ).rows;
};

const booked = (sellerId: string, bookName = 'Dune') =>
  bookingMadeMail({ sellerId, bookName, buyerName: 'Ben <b>Buyer</b>', phone: '+1 555 0100', meetingPlace: '' });

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
    expect(await sendMailJobs()).toHaveLength(1);
    await t.runJobs();
    expect(await sendMailJobs()).toEqual([]);
  });

  it('sends a message with a plain-text and an HTML part, the store’s name, its link and an unsubscribe link', async () => {
    const seller = await t.newUser('Seller');
    const id = await queue(booked(seller.id, 'The Hobbit'));
    await t.runJobs();

    const [mail] = inbox.to(seller.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(mailTexts.bookingMade.subject('The Hobbit'));
    expect(mail!.from?.value).toEqual([{ name: 'The Big Bookshelf', address: 'shop@bookshelf.test' }]);
    expect(mail!.messageId).toBe(`<${id}@localhost>`);
    expect(mail!.text).toContain(mailTexts.greeting(seller.name));
    expect(mail!.text).toContain('Buyer: Ben <b>Buyer</b>');
    expect(mail!.text).toContain(`${mailTexts.bookingMade.button}: ${testOrigin}/dashboard/myProducts`);
    expect(mail!.text).toContain(
      `${mailTexts.footer.turnOff(mailTexts.kinds.orders)}: ${testOrigin}/unsubscribe?token=`,
    );
    expect(mail!.html).toContain(mailTexts.storeName);
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
    expect(await sendQueuedMail(t.deps, id)).toBe('already sent');
    expect(inbox.to(seller.email)).toHaveLength(1);
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

  it('sends each message once when two servers send the same outbox at the same time', async () => {
    const sellers = await Promise.all(Array.from({ length: 4 }, () => t.newUser('Seller')));
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push((await queue(booked(sellers[i % 4]!.id, `Race ${i}`)))!);

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
      startJobRunner({ pool: t.pool, db: t.db, handlers: jobHandlers(t.deps), log, pollIntervalMs: 100 }),
      startJobRunner({ pool: second.pool, db: second.db, handlers: jobHandlers(otherDeps), log, pollIntervalMs: 100 }),
    ]);
    try {
      // On top of the runners, both servers try every message directly, as duplicate deliveries would.
      await Promise.allSettled(ids.flatMap((id) => [sendQueuedMail(t.deps, id), sendQueuedMail(otherDeps, id)]));
      for (let waited = 0; ; waited += 100) {
        const rows = await t.db
          .select({ sentAt: mailOutbox.sentAt })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, ids));
        if (rows.every((r) => r.sentAt)) break;
        if (waited > 15_000) throw new Error('the messages were not all sent');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await second.pool.end();
    }

    // Jobs that found a message held by the other server wait for their retry, then find it sent.
    await t.makeJobsDue();
    await t.runJobs();
    expect(await sendMailJobs()).toEqual([]);

    const received = inbox.messages.filter((m) => m.subject?.includes('Race'));
    expect(received).toHaveLength(ids.length);
    expect(new Set(received.map((m) => m.messageId))).toEqual(new Set(ids.map((id) => `<${id}@localhost>`)));
  });
});

describe('when the SMTP server is down', () => {
  it('keeps every message, with its attempts and last error, and sends each once when the server is back', async () => {
    const seller = await t.newUser('Seller');
    await inbox.stop();
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
    // The queue retries with backoff: the jobs wait, not due yet, with their error.
    const waiting = await sendMailJobs();
    expect(waiting).toHaveLength(3);
    expect(waiting.every((job) => job.attempts === 1 && !job.due && job.last_error?.includes('ECONNREFUSED'))).toBe(
      true,
    );

    await t.makeJobsDue();
    await t.runJobs();
    expect((await row(ids[0]!)).attempts).toBe(2);
    expect(inbox.to(seller.email)).toEqual([]);

    await inbox.start();
    await t.makeJobsDue();
    await t.runJobs();
    const received = inbox.to(seller.email);
    expect(received.map((m) => m.subject).sort()).toEqual(
      [
        mailTexts.bookingMade.subject('Delayed 1'),
        mailTexts.bookingMade.subject('Delayed 2'),
        mailTexts.madeAdmin.subject,
      ].sort(),
    );
    for (const id of ids) {
      const sent = await row(id);
      expect(sent).toMatchObject({ attempts: 3, lastError: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
    }
    expect(await sendMailJobs()).toEqual([]);
  });

  it('keeps a message whose job ran out of attempts; rescheduled as README.md says, the job sends it', async () => {
    const buyer = await t.newUser('Buyer');
    await inbox.stop();
    const id = (await queue(madeAdminMail({ userId: buyer.id })))!;
    await t.makeJobsDue({ maxAttempts: 2 });
    await t.runJobs();
    await t.makeJobsDue();
    await t.runJobs();
    // Failed for good as far as the queue goes: kept with its error, like the row.
    expect(await sendMailJobs()).toEqual([
      expect.objectContaining({ attempts: 2, max_attempts: 2, last_error: expect.stringContaining('ECONNREFUSED') }),
    ]);
    expect(await row(id)).toMatchObject({ sentAt: null, attempts: 2 });

    await inbox.start();
    // What README.md tells an operator to run once the mail server works again.
    await t.pool.query(`select graphile_worker.reschedule_jobs(
      array(select id from graphile_worker.jobs where task_identifier = 'send-mail' and attempts >= max_attempts),
      run_at := now(), attempts := 0)`);
    await t.runJobs();
    expect(inbox.to(buyer.email).map((m) => m.subject)).toEqual([mailTexts.madeAdmin.subject]);
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
  });
});
