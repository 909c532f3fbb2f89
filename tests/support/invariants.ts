import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

type Rule = { rule: string; query: ReturnType<typeof sql> };

/**
 * The rules every committed state must keep (docs/ARCHITECTURE.md, "Data"), each a query answering the ids that break it.
 * Shared by the race, crash and several-servers tests. A booking is live while it awaits payment (status null)
 * or is Paid; Expired, Cancelled and Refunded ones have ended.
 */
const rules: Rule[] = [
  {
    rule: 'a Sold book has exactly one Paid booking',
    query: sql`select b.id from books b where b.status = 'Sold'
      and (select count(*) from bookings k where k.book_id = b.id and k.status = 'Paid') <> 1`,
  },
  {
    rule: 'a Sold book has exactly one payment, for its Paid booking',
    query: sql`select b.id from books b where b.status = 'Sold'
      and (select count(*) from payments p join bookings k on k.id = p.booking_id
           where k.book_id = b.id and k.status = 'Paid') <> 1`,
  },
  {
    rule: 'a Booked book has exactly one live booking, and it awaits payment',
    query: sql`select b.id from books b where b.status = 'Booked'
      and ((select count(*) from bookings k where k.book_id = b.id and (k.status is null or k.status = 'Paid')) <> 1
        or (select count(*) from bookings k where k.book_id = b.id and k.status is null) <> 1)`,
  },
  {
    rule: 'an Available book has no live booking',
    query: sql`select b.id from books b where b.status = 'Available'
      and exists (select 1 from bookings k where k.book_id = b.id and (k.status is null or k.status = 'Paid'))`,
  },
  {
    rule: 'a booking awaiting payment is on a Booked book',
    query: sql`select k.id from bookings k join books b on b.id = k.book_id
      where k.status is null and b.status <> 'Booked'`,
  },
  {
    rule: 'a Paid booking is on a Sold book and has one payment',
    query: sql`select k.id from bookings k join books b on b.id = k.book_id
      where k.status = 'Paid' and (b.status <> 'Sold'
        or (select count(*) from payments p where p.booking_id = k.id) <> 1)`,
  },
  {
    rule: 'a Paid order has its fee and share fixed, and amount = share + fee',
    query: sql`select k.id from bookings k where k.status = 'Paid' and (k.fee_cents is null or k.share_cents is null
      or k.fee_cents < 0 or k.share_cents < 0 or k.fee_cents + k.share_cents <> k.price_cents)`,
  },
  {
    rule: 'no paid booking is ever missing: every payment has its Paid booking',
    query: sql`select p.id from payments p left join bookings k on k.id = p.booking_id
      where k.id is null or k.status is distinct from 'Paid'`,
  },
  {
    rule: 'a charge is never both recorded and refunded',
    query: sql`select p.transaction_id from payments p join refunds r on r.transaction_id = p.transaction_id`,
  },
  {
    rule: 'a handed-over order stays Paid, and is never refunded',
    query: sql`select h.booking_id from handovers h join bookings k on k.id = h.booking_id
      where h.handed_over_at is not null and (k.status <> 'Paid' or h.problem_decision = 'refunded')`,
  },
  {
    rule: 'a problem an admin refunded has a Refunded order with a refund of its charge',
    query: sql`select h.booking_id from handovers h join bookings k on k.id = h.booking_id
      where h.problem_decision = 'refunded'
        and (k.status <> 'Refunded' or not exists (select 1 from refunds r where r.booking_id = k.id))`,
  },
  {
    rule: 'a book is flagged reported exactly when a report of it awaits a decision, and hidden only if reported',
    query: sql`select b.id from books b
      where b.reported <> exists (select 1 from reports r where r.book_id = b.id and r.dismissed_at is null)
        or (b.hidden and not b.reported)`,
  },
  {
    // Whatever REPORT_HIDE_THRESHOLD is, at least one report must count: open, made by an account confirmed and old
    // enough then, which is not banned from reporting.
    rule: 'a hidden book has a report that counts',
    query: sql`select b.id from books b where b.hidden and not exists (
      select 1 from reports r join "user" u on u.id = r.reporter_id
      where r.book_id = b.id and r.dismissed_at is null and r.eligible and u.reporting_banned_at is null)`,
  },
  {
    rule: 'a closed account has no live session, no way to sign in and no reset link',
    query: sql`select u.id from "user" u where u.closed_at is not null
      and (exists (select 1 from session s where s.user_id = u.id) or exists (select 1 from account a where a.user_id = u.id)
        or exists (select 1 from verification v where v.value = u.id))`,
  },
];

/**
 * The money ledger, once every charge has been settled (by the browser, the webhook or the ledger jobs):
 * each charge the test processor made ends in exactly one payment or one refund, and each refund decided
 * was made at the processor.
 */
const ledger: Rule[] = [
  {
    rule: 'every succeeded charge ends in exactly one recorded payment or refund',
    query: sql`select i.id from test_payment_intents i where i.status = 'succeeded'
      and (select count(*) from payments p where p.transaction_id = i.id)
        + (select count(*) from refunds r where r.transaction_id = i.id) <> 1`,
  },
  {
    rule: 'every payment and refund is of a succeeded charge',
    query: sql`select t.id from (select transaction_id as id from payments union all select transaction_id from refunds) t
      where not exists (select 1 from test_payment_intents i where i.id = t.id and i.status = 'succeeded')`,
  },
  {
    rule: 'every refund decided was made at the processor',
    query: sql`select r.transaction_id from refunds r where r.status <> 'succeeded'
      or not exists (select 1 from test_refunds t where t.payment_intent_id = r.transaction_id)`,
  },
];

async function broken(db: Db, checks: Rule[]): Promise<string[]> {
  const found: string[] = [];
  for (const { rule, query } of checks) {
    const { rows } = await db.execute<{ id: string }>(query);
    if (rows.length > 0) found.push(`${rule}: broken by ${rows.map((r) => Object.values(r)[0]).join(', ')}`);
  }
  return found;
}

/** Every broken rule with the ids that break it; empty when the state is consistent. */
export function invariantViolations(db: Db): Promise<string[]> {
  return broken(db, rules);
}

/** The state rules and the money ledger, broken; call once the charges are settled (see TestApp.settleAll). */
export async function ledgerViolations(db: Db): Promise<string[]> {
  return [...(await broken(db, rules)), ...(await broken(db, ledger))];
}
