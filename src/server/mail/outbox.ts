import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import { mailOptOuts, mailOutbox } from '#server/db/schema/mail.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { addJobs } from '#server/jobs/job-queue.ts';
import type { Metrics } from '#server/metrics/metrics.ts';
import { frameMail } from './mail-frame.ts';
import { isOptionalMailKind, type MailMessage } from './mail-templates.ts';
import type { Mailer } from './mailer.ts';

/** How long a sender may hold a message while it talks to the SMTP server (its timeouts are far shorter). */
const claimFor = sql`interval '5 minutes'`;

/**
 * Puts a message in the outbox inside the caller's transaction, with the `send-mail` job that sends it: the
 * message exists exactly when the change it reports commits (ADR 009). For an account (`userId`) its address
 * and name are read here; nothing is queued, and null answered, when the account is closed or has turned this
 * kind of mail off. Answers the outbox id. One statement, so one round trip, however busy the change.
 *
 *     await inTransaction(db, async (tx) => {
 *       … the change …
 *       await queueMail(tx, bookingMadeMail({ sellerId, bookName, buyerName, phone, meetingPlace }));
 *     });
 */
export async function queueMail(tx: Tx, message: MailMessage): Promise<string | null> {
  if (!message.userId && message.kind !== 'security') {
    throw new Error(`${message.template}: mail a person can turn off needs the account it is for (userId)`);
  }
  if (!message.userId && !message.to) throw new Error(`${message.template}: mail needs an address (userId or to)`);
  const optional = isOptionalMailKind(message.kind);
  // Without an account the one recipient row is the address given; with one, the account if it may be mailed.
  const recipient = message.userId
    ? sql`select coalesce(${message.to ?? null}::text, ${user.email}) as to_address, ${user.name} as to_name
        from ${user}
        where ${user.id} = ${message.userId} and ${user.closedAt} is null
          and not (${optional} and exists (select 1 from ${mailOptOuts}
            where ${mailOptOuts.userId} = ${message.userId} and ${mailOptOuts.kind} = ${message.kind}))`
    : sql`select ${message.to ?? null}::text as to_address, null::text as to_name`;
  const { rows } = await tx.execute<{ id: string }>(sql`
    with recipient as (${recipient}), queued as (
      insert into ${mailOutbox} (template, kind, user_id, to_address, to_name, subject, text, html, link_href, link_label)
      select ${message.template}, ${message.kind}, ${message.userId ?? null}, to_address, to_name, ${message.subject},
        ${message.text}, ${message.html}, ${message.link.href}, ${message.link.label}
      from recipient
      returning id
    ), staged as (
      insert into ${stagedJobs} (task, payload, job_key)
      select 'send-mail', json_build_object('id', id), 'send-mail:' || id from queued
    )
    select id from queued`);
  return rows[0]?.id ?? null;
}

/**
 * `queueMail` of one message to many accounts, in two statements whatever their number (a listing that thousands
 * of Wanted lists match): the same skips (a closed account, a kind turned off), one outbox row and one `send-mail`
 * job each. Answers the outbox ids.
 */
export async function queueMailToEach(
  tx: Tx,
  userIds: string[],
  message: Omit<MailMessage, 'userId' | 'to'>,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into ${mailOutbox} (template, kind, user_id, to_address, to_name, subject, text, html, link_href, link_label)
    select ${message.template}, ${message.kind}, u.id, u.email, u.name, ${message.subject}, ${message.text},
           ${message.html}, ${message.link.href}, ${message.link.label}
    from ${user} u
    where u.id in (select value from json_array_elements_text(${JSON.stringify(userIds)}::json))
      and u.closed_at is null
      and not exists (select 1 from ${mailOptOuts} o where o.user_id = u.id and o.kind = ${message.kind})
    returning id`);
  await addJobs(
    tx,
    'send-mail',
    rows.map(({ id }) => ({ payload: { id }, jobKey: `send-mail:${id}` })),
  );
  return rows.map(({ id }) => id);
}

/** `queueMail` in a transaction of its own, for mail whose change was committed by someone else (Better Auth). */
export function queueMailNow(db: Db, message: MailMessage): Promise<string | null> {
  return inTransaction(db, (tx) => queueMail(tx, message));
}

export type SendOutcome = 'sent' | 'already sent' | 'no such message';

/**
 * The `send-mail` job: claims the row (a conditional update: not sent, not held by another sender), frames
 * and sends it, and marks it sent. A row with `sent_at` is never sent again, and while one sender holds the
 * claim no other sends it, however many servers run the job. An SMTP failure is written on the row (attempts,
 * last error) and thrown, so the job queue retries with backoff; the row stays until it is sent.
 */
export async function sendQueuedMail(
  deps: { db: Db; mailer: Mailer; metrics: Metrics },
  id: string,
): Promise<SendOutcome> {
  const [claimed] = await deps.db
    .update(mailOutbox)
    .set({
      claimedUntil: sql`now() + ${claimFor}`,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastAttemptAt: sql`now()`,
    })
    .where(
      and(
        eq(mailOutbox.id, id),
        isNull(mailOutbox.sentAt),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await deps.db.select({ sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) return 'no such message';
    if (row.sentAt) return 'already sent';
    // Another server holds it: it sends it, or its claim runs out and this job's retry does.
    throw new Error('another server is sending this message');
  }

  try {
    await deps.mailer.transport.send(frameMail(claimed, deps.mailer.frame));
  } catch (error) {
    deps.metrics.mailFailed();
    await deps.db
      .update(mailOutbox)
      .set({ claimedUntil: null, lastError: describeError(error) })
      .where(eq(mailOutbox.id, id));
    throw error;
  }
  deps.metrics.mailSent();
  await deps.db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
  return 'sent';
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 1000);
  const code = (error as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`.slice(0, 1000);
}
