import { lt, sql } from 'drizzle-orm';
import { books } from '#server/db/schema/catalog.ts';
import { notifications, wantedMailDays } from '#server/db/schema/wanted.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { isPublic } from '#server/features/books/books.public.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { wantedDigestMail } from './wanted.mail.ts';
import type { AlertDeps } from './wanted-alerts.service.ts';

/** How many people one transaction of the digest mails. */
const batchSize = 100;

/**
 * The daily `send-wanted-digests` job: everyone with notifications whose mail WANTED_MAIL_DAILY_LIMIT held back
 * gets one message naming those books still for sale (none when all are gone), and the notifications are marked
 * done, 100 people a transaction. Taking a person's notifications is a conditional update, so two runs at once
 * mail nobody twice. Then the counts of days before today go. Answers how many digests were queued.
 */
export async function sendWantedDigests(deps: AlertDeps): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await inTransaction(deps.db, async (tx) => {
      const { rows } = await tx.execute<{ user_id: string; book_name: string; price_cents: number; on_sale: boolean }>(
        sql`
        with people as (
          select distinct ${notifications.userId} as user_id from ${notifications} where ${notifications.mailHeld}
          order by 1 limit ${batchSize}
        ), taken as (
          update ${notifications} set mail_held = false
          where ${notifications.mailHeld} and ${notifications.userId} in (select user_id from people)
          returning ${notifications.userId} as user_id, ${notifications.bookId} as book_id, ${notifications.createdAt} as at
        )
        select taken.user_id, ${books.bookName} as book_name, ${books.resalePriceCents} as price_cents,
          coalesce(${isPublic}, false) as on_sale
        from taken left join ${books} on ${books.id} = taken.book_id
        order by taken.user_id, taken.at, taken.book_id`,
      );
      if (rows.length === 0) return null;
      const byPerson = new Map<string, { bookName: string; priceCents: number }[]>();
      for (const row of rows) {
        const listed = byPerson.get(row.user_id) ?? [];
        if (row.on_sale) listed.push({ bookName: row.book_name, priceCents: row.price_cents });
        byPerson.set(row.user_id, listed);
      }
      let mailed = 0;
      for (const [userId, listed] of byPerson) {
        if (listed.length === 0) continue;
        const mail = wantedDigestMail({
          userId,
          dailyLimit: deps.mailDailyLimit,
          books: listed,
          currency: deps.currency,
        });
        if (await queueMail(tx, mail)) mailed += 1;
      }
      return mailed;
    });
    if (batch === null) break;
    queued += batch;
  }
  await deps.db.delete(wantedMailDays).where(lt(wantedMailDays.day, sql`(now() at time zone 'utc')::date`));
  return queued;
}
