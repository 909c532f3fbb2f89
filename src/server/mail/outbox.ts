import { is, type Placeholder, SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import { mailOptOuts, mailOutbox } from '#server/db/schema/mail.ts';
import { inTransaction, type Tx } from '#server/db/transaction.ts';
import { requestLanguage } from '#server/i18n/request-language.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { isOptionalMailKind, type MailData, type MailMessage } from './mail-message.ts';

/**
 * Every message queues the same `send-mail` job (one key): however many are queued at once, the queue holds one
 * such job, and it sends all that is due (outbox-sender.ts).
 */
const sender = { task: 'send-mail', jobKey: 'send-mail' } as const;

/**
 * Puts a message in the outbox inside the caller's transaction, with a `send-mail` job that sends it: the
 * message exists exactly when the change it reports commits (ADR 009). For an account (`userId`) its address
 * and name are read here; nothing is queued, and null answered, when the account is closed or has turned this
 * kind of mail off. The row keeps the template and its data, and the language of the request queueing it; the
 * sender writes the words (outbox-sender.ts). Answers the outbox id. One statement, so one round trip, however
 * busy the change.
 *
 *     await inTransaction(db, async (tx) => {
 *       … the change …
 *       await queueMail(tx, bookingMadeMail({ sellerId, bookName, buyerName, phone, meetingPlace }));
 *     });
 */
export async function queueMail(tx: Tx, message: MailMessage): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`with ${mailQueuedAs({ queued: message })} select id from queued`,
  );
  return rows[0]?.id ?? null;
}

/**
 * A message as the statement making the change it reports queues it (`mailQueuedAs`): its account, and any value of
 * its data, may be an expression over the statement's other parts (`sql\`(select seller_id from booked)\``).
 */
export interface MessageInStatement extends Omit<MailMessage, 'userId' | 'data'> {
  userId?: string | SQL;
  data: StatementData<MailData>;
}

/** A template's data with any of its values given by the statement that queues it. */
export type StatementData<D extends MailData> = { readonly [K in keyof D]: D[K] | SQL };

/** The data as jsonb: the values given as one JSON parameter, those of the statement added to it by name. */
function dataAsJsonb(data: StatementData<MailData>): SQL {
  const given = Object.fromEntries(Object.entries(data).filter(([, value]) => !is(value, SQL)));
  const computed = Object.entries(data).flatMap(([key, value]) =>
    is(value, SQL) ? [sql`${key}::text, ${value}`] : [],
  );
  const json = sql`${JSON.stringify(given)}::jsonb`;
  return computed.length === 0 ? json : sql`${json} || jsonb_build_object(${sql.join(computed, sql`, `)})`;
}

/**
 * What `queueMail` does, as common table expressions for a change made in one statement:
 * `with …, ${mailQueuedAs({ told_seller: toSeller, told_buyer: toBuyer }, sql\`exists (select 1 from booked)\`)}
 * select …`. Each message's outbox row is the part of its name (`returning id`), and one `send-mail` job is staged
 * for them all; with `onlyIf`, a condition on the statement's other parts, they are queued only when that holds.
 * The rows keep the `language` of the request queueing them, or the placeholder that gives it to a statement built
 * once (`oneStatement`).
 */
export function mailQueuedAs(
  messages: Record<string, MessageInStatement>,
  onlyIf: SQL = sql`true`,
  language: Locale | null | Placeholder = requestLanguage(),
): SQL {
  const names = Object.keys(messages);
  const queued = names.map(
    (name) => sql`${sql.identifier(name)} as (${outboxRowOf(messages[name]!, onlyIf, language)})`,
  );
  const anyQueued = sql.join(
    names.map((name) => sql`select 1 from ${sql.identifier(name)}`),
    sql` union all `,
  );
  return sql`${sql.join(queued, sql`, `)}, mail_sender as (
      insert into ${stagedJobs} (task, payload, job_key)
      select ${sender.task}, '{}'::json, ${sender.jobKey} where exists (${anyQueued})
    )`;
}

/** The insert of one message's outbox row, for its recipient if they may be mailed, when `onlyIf` holds. */
function outboxRowOf(message: MessageInStatement, onlyIf: SQL, language: Locale | null | Placeholder): SQL {
  if (!message.userId && message.kind !== 'security') {
    throw new Error(`${message.template}: mail a person can turn off needs the account it is for (userId)`);
  }
  if (!message.userId && !message.to) throw new Error(`${message.template}: mail needs an address (userId or to)`);
  const optional = isOptionalMailKind(message.kind);
  // Without an account the one recipient row is the address given; with one, the account if it may be mailed.
  const recipient = message.userId
    ? sql`select ${user.id} as user_id, coalesce(${message.to ?? null}::text, ${user.email}) as to_address,
          ${user.name} as to_name
        from ${user}
        where ${user.id} = ${message.userId} and ${user.closedAt} is null
          and not (${optional} and exists (select 1 from ${mailOptOuts}
            where ${mailOptOuts.userId} = ${user.id} and ${mailOptOuts.kind} = ${message.kind}))`
    : sql`select null::text as user_id, ${message.to ?? null}::text as to_address, null::text as to_name`;
  return sql`insert into ${mailOutbox} (template, kind, user_id, to_address, to_name, data, language)
      select ${message.template}, ${message.kind}, user_id, to_address, to_name, ${dataAsJsonb(message.data)},
        ${language}::text
      from (${recipient}) recipient
      where ${onlyIf}
      returning id`;
}

/**
 * `queueMail` of one message to many accounts, in two statements whatever their number (a listing that thousands
 * of Wanted lists match): the same skips (a closed account, a kind turned off), one outbox row each, and
 * one `send-mail` job for them all. Answers the outbox ids.
 */
export async function queueMailToEach(
  tx: Tx,
  userIds: string[],
  message: Omit<MailMessage, 'userId' | 'to'>,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into ${mailOutbox} (template, kind, user_id, to_address, to_name, data, language)
    select ${message.template}, ${message.kind}, u.id, u.email, u.name, ${JSON.stringify(message.data)}::jsonb,
           ${requestLanguage()}
    from ${user} u
    where u.id in (select value from json_array_elements_text(${JSON.stringify(userIds)}::json))
      and u.closed_at is null
      and not exists (select 1 from ${mailOptOuts} o where o.user_id = u.id and o.kind = ${message.kind})
    returning id`);
  if (rows.length > 0) await addJob(tx, sender.task, {}, { jobKey: sender.jobKey });
  return rows.map(({ id }) => id);
}

/** `queueMail` in a transaction of its own, for mail whose change was committed by someone else (Better Auth). */
export function queueMailNow(db: Db, message: MailMessage): Promise<string | null> {
  return inTransaction(db, (tx) => queueMail(tx, message));
}
