import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { isLocale, type Locale } from '#shared/i18n/locales.ts';
import { inLocale } from '#shared/i18n/text-source.ts';
import { frameMail, type OutboxRow } from './mail-frame.ts';
import { type MailData, type MailWords, withLocalTimes } from './mail-message.ts';
import { mailTemplates } from './mail-templates.ts';
import type { Mailer } from './mailer.ts';

/** Messages a sender claims at a time: sent side by side, marked in one statement. */
const batchSize = 50;
/** Attempts a message gets, about four days of them; then it waits for an operator (README, "Mail"). */
export const mailAttempts = 25;
/** How long a sender may hold a message while it talks to the SMTP server (its timeouts are far shorter). */
const claimFor = sql`interval '5 minutes'`;
/** The pause after a failed attempt: e^attempts seconds, at most e^10 (about six hours). */
const retryAfter = sql`exp(least(${mailOutbox.attempts}, 10)) * interval '1 second'`;

/** Unsent, attempts left, not held by a sender, and not waiting for its retry: what a sender may claim now. */
const dueMail = and(
  isNull(mailOutbox.sentAt),
  lt(mailOutbox.attempts, mailAttempts),
  or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
  or(isNull(mailOutbox.lastAttemptAt), sql`${mailOutbox.lastAttemptAt} + ${retryAfter} <= now()`),
);

interface SenderDeps {
  db: Db;
  mailer: Mailer;
  /** What the sender counts for /metrics (metrics/metrics.ts), declared here so that metrics may read the outbox. */
  metrics: { mailSent(messages: number): void; mailFailed(attempts: number): void };
}

/**
 * The `send-mail` job: sends every message of the outbox that is due, a batch at a time, until none is left.
 * Each is written as it goes (`written`): in its recipient's language and time zone of that moment.
 * A batch is claimed with one conditional update (SKIP LOCKED, so senders on other servers take other rows),
 * sent side by side, and marked sent in one statement: a row with `sent_at` is never sent again, and while one
 * sender holds the claim no other sends it. A message the SMTP server refuses keeps its error and waits for its
 * retry (`retryAfter`); the job runs every minute as well as when mail is queued, so retries need no job of
 * their own. Answers what it sent and what failed.
 */
export async function sendDueMail(deps: SenderDeps): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const claimed = await claimBatch(deps.db);
    const recipients = await recipientsOf(deps.db, claimed);
    const outcomes = await Promise.allSettled(
      claimed.map(async (message) => {
        const recipient = recipients.get(message.userId ?? '');
        await deps.mailer.transport.send(written(message, recipient, deps.mailer.frame));
      }),
    );
    const sent = claimed.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((message) => message.id);
    const failed = claimed.flatMap((message, i) => {
      const outcome = outcomes[i]!;
      return outcome.status === 'rejected' ? [{ id: message.id, error: describeError(outcome.reason) }] : [];
    });
    await markSent(deps.db, sent);
    await markFailed(deps.db, failed);
    deps.metrics.mailSent(sent.length);
    deps.metrics.mailFailed(failed.length);
    total.sent += sent.length;
    total.failed += failed.length;
    if (claimed.length < batchSize) return total;
  }
}

type Recipient = { version: number; timeZone: string | null; language: string | null };

/**
 * A message as it goes: its template's words from its data, in the recipient account's language (or, without
 * one, the language of the request that queued it), its moments in their time zone, framed. A row queued before
 * messages were written when sent holds its English words, and goes with them.
 */
function written(row: OutboxRow, recipient: Recipient | undefined, frame: Mailer['frame']) {
  const language = row.data === null ? 'en' : (languageOf(recipient?.language) ?? languageOf(row.language) ?? 'en');
  return inLocale(language, () => {
    const words = withLocalTimes(wordsOf(row), recipient?.timeZone);
    return frameMail(row, words, frame, recipient?.version ?? 0);
  });
}

const languageOf = (value: string | null | undefined): Locale | null => (isLocale(value) ? value : null);

function wordsOf(row: OutboxRow): MailWords {
  if (row.data === null) {
    return {
      subject: row.subject!,
      text: row.text!,
      html: row.html!,
      link: { href: row.linkHref!, label: row.linkLabel! },
    };
  }
  const template = mailTemplates.get(row.template);
  if (!template) throw new Error(`No mail template is named ${row.template}`);
  return template.render(row.data as MailData);
}

/**
 * The oldest due messages, claimed. They are read in the order of the unsent-mail index: the outbox can grow by
 * thousands a second, faster than autovacuum's statistics follow, and planned from statistics that count a few
 * unsent rows PostgreSQL would read every unsent row and sort them at every batch (9 ms a batch with 14,000
 * waiting, against under 1 ms read in order).
 */
function claimBatch(db: Db) {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    const batch = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(dueMail)
      .orderBy(asc(mailOutbox.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return tx
      .update(mailOutbox)
      .set({
        claimedUntil: sql`now() + ${claimFor}`,
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      })
      .where(inArray(mailOutbox.id, batch))
      .returning();
  });
}

/**
 * The mail-link version, time zone and language of each recipient, read when the mail goes: mail sent after a
 * sign-out has links that work, and it is written in the language the person reads the store in now, its times
 * in the zone their browser last reported.
 */
async function recipientsOf(db: Db, messages: { userId: string | null }[]): Promise<Map<string, Recipient>> {
  const ids = [...new Set(messages.flatMap((m) => (m.userId ? [m.userId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, version: user.mailLinkVersion, timeZone: user.timeZone, language: user.language })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map(({ id, ...recipient }) => [id, recipient]));
}

async function markSent(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(inArray(mailOutbox.id, ids));
}

async function markFailed(db: Db, failures: { id: string; error: string }[]): Promise<void> {
  if (failures.length === 0) return;
  await db.execute(sql`
    update ${mailOutbox} set claimed_until = null, last_error = failure.error
    from json_to_recordset(${JSON.stringify(failures)}::json) as failure(id uuid, error text)
    where ${mailOutbox.id} = failure.id`);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 1000);
  const code = (error as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`.slice(0, 1000);
}

/** Messages not sent yet: waiting (for a sender or their retry) and failed (out of attempts), for /metrics. */
export async function countUnsentMail(db: Db): Promise<{ waiting: number; failed: number }> {
  const [counts] = await db
    .select({
      waiting: sql<number>`(count(*) filter (where ${mailOutbox.attempts} < ${mailAttempts}))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.attempts} >= ${mailAttempts}))::int`,
    })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return counts ?? { waiting: 0, failed: 0 };
}
