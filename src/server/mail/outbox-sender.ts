import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
    const outcomes = await Promise.allSettled(
      // Async, so that a message that cannot be written fails alone, as one the SMTP server refused.
      claimed.map(async (message) => deps.mailer.transport.send(written(message, deps.mailer.frame))),
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

/**
 * A claimed message: what its row says, and its recipient account's mail-link version, time zone and language,
 * read when the mail goes (null without an account): mail sent after a sign-out has links that work, and it is
 * written in the language the person reads the store in now, its times in the zone their browser last reported.
 */
type ClaimedMessage = Pick<OutboxRow, WrittenFrom> & {
  linkVersion: number | null;
  timeZone: string | null;
  userLanguage: string | null;
};
type WrittenFrom = 'id' | 'template' | 'kind' | 'userId' | 'toAddress' | 'toName' | 'data' | 'language' | OldWords;
type OldWords = 'subject' | 'text' | 'html' | 'linkHref' | 'linkLabel';

/**
 * A message as it goes: its template's words from its data, in the recipient account's language (or, without
 * one, the language of the request that queued it), its moments in their time zone, framed. A row queued before
 * messages were written when sent holds its English words, and goes with them.
 */
function written(message: ClaimedMessage, frame: Mailer['frame']) {
  const language =
    message.data === null ? 'en' : (languageOf(message.userLanguage) ?? languageOf(message.language) ?? 'en');
  return inLocale(language, () => {
    const words = withLocalTimes(wordsOf(message), message.timeZone);
    return frameMail(message, words, frame, message.linkVersion ?? 0);
  });
}

const languageOf = (value: string | null | undefined): Locale | null => (isLocale(value) ? value : null);

function wordsOf(row: ClaimedMessage): MailWords {
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
 * The oldest due messages, claimed, with their recipients. They are read in the order of the unsent-mail index: the
 * outbox can grow by thousands a second, faster than autovacuum's statistics follow, and planned from statistics
 * that count a few unsent rows PostgreSQL would read every unsent row and sort them at every batch (9 ms a batch
 * with 14,000 waiting, against under 1 ms read in order). Only what writing a message needs is read back, as
 * PostgreSQL gives it: a batch is read at every fiftieth message the store sends, on the thread that answers requests.
 */
function claimBatch(db: Db): Promise<ClaimedMessage[]> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    const { rows } = await tx.execute<ClaimedMessage>(sql`
      with due as (
        select ${mailOutbox.id} from ${mailOutbox} where ${dueMail}
        order by ${mailOutbox.createdAt} limit ${batchSize} for update skip locked
      ), claimed as (
        update ${mailOutbox}
        set claimed_until = now() + ${claimFor}, attempts = ${mailOutbox.attempts} + 1, last_attempt_at = now()
        from due where ${mailOutbox.id} = due.id
        returning ${mailOutbox.id}, ${mailOutbox.template}, ${mailOutbox.kind}, ${mailOutbox.userId},
          ${mailOutbox.toAddress}, ${mailOutbox.toName}, ${mailOutbox.data}, ${mailOutbox.language},
          ${mailOutbox.subject}, ${mailOutbox.text}, ${mailOutbox.html}, ${mailOutbox.linkHref}, ${mailOutbox.linkLabel}
      )
      select claimed.id, claimed.template, claimed.kind, claimed.user_id as "userId", claimed.to_address as "toAddress",
        claimed.to_name as "toName", claimed.data, claimed.language, claimed.subject, claimed.text, claimed.html,
        claimed.link_href as "linkHref", claimed.link_label as "linkLabel",
        ${user.mailLinkVersion} as "linkVersion", ${user.timeZone} as "timeZone", ${user.language} as "userLanguage"
      from claimed left join ${user} on ${user.id} = claimed.user_id`);
    return rows;
  });
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
