import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

type Rule = { rule: string; query: ReturnType<typeof sql> };

/**
 * Every book each booking holds, as rows (id, book_id, status): its `book_id`, and a bundle's every line (ADR 031).
 */
const heldBooks = sql`(select k.id, k.book_id, k.status from bookings k
  union select k.id, l.book_id, k.status from bookings k join booking_books l on l.booking_id = k.id)`;

/**
 * The rules every committed state must keep (docs/ARCHITECTURE.md, "Data"), each a query answering the ids that break it.
 * Shared by the race, crash and several-servers tests. A booking is live while it awaits payment (status null)
 * or is Paid; Expired, Cancelled and Refunded ones have ended.
 */
const rules: Rule[] = [
  {
    rule: "a conversation's seller is its book's seller, and its buyer is someone else",
    query: sql`select c.id from conversations c join books b on b.id = c.book_id
      where c.seller_id <> b.seller_id or c.buyer_id = c.seller_id`,
  },
  {
    rule: "a conversation's newest message, once recorded, is the newest of its messages",
    query: sql`select c.id from conversations c where c.last_message_id is not null
      and c.last_message_id <> (select max(m.id) from messages m where m.conversation_id = c.id)`,
  },
  {
    rule: 'a Sold book has exactly one Paid booking',
    query: sql`select b.id from books b where b.status = 'Sold'
      and (select count(*) from ${heldBooks} k where k.book_id = b.id and k.status = 'Paid') <> 1`,
  },
  {
    rule: 'a Sold book has exactly one payment, for its Paid booking',
    query: sql`select b.id from books b where b.status = 'Sold'
      and (select count(*) from payments p join ${heldBooks} k on k.id = p.booking_id
           where k.book_id = b.id and k.status = 'Paid') <> 1`,
  },
  {
    rule: 'a Booked book has exactly one live booking, and it awaits payment',
    query: sql`select b.id from books b where b.status = 'Booked'
      and ((select count(*) from ${heldBooks} k where k.book_id = b.id and (k.status is null or k.status = 'Paid')) <> 1
        or (select count(*) from ${heldBooks} k where k.book_id = b.id and k.status is null) <> 1)`,
  },
  {
    rule: 'an Available book has no live booking',
    query: sql`select b.id from books b where b.status = 'Available'
      and exists (select 1 from ${heldBooks} k where k.book_id = b.id and (k.status is null or k.status = 'Paid'))`,
  },
  {
    rule: 'a booking awaiting payment is on a Booked book (a bundle: on Booked books only)',
    query: sql`select k.id from ${heldBooks} k join books b on b.id = k.book_id
      where k.status is null and b.status <> 'Booked'`,
  },
  {
    rule: 'a Paid booking is on a Sold book (a bundle: on Sold books only) and has one payment',
    query: sql`select k.id from ${heldBooks} k join books b on b.id = k.book_id
      where k.status = 'Paid' and (b.status <> 'Sold'
        or (select count(*) from payments p where p.booking_id = k.id) <> 1)`,
  },
  {
    rule: "a bundle's lines include its first book, are of one seller, and add up to its price (the ledger per book)",
    query: sql`select k.id from bookings k where exists (select 1 from booking_books l where l.booking_id = k.id)
      and (not exists (select 1 from booking_books l where l.booking_id = k.id and l.book_id = k.book_id)
        or (select count(distinct b.seller_id) from booking_books l join books b on b.id = l.book_id
            where l.booking_id = k.id) <> 1
        or (select sum(l.charged_cents) from booking_books l where l.booking_id = k.id) <> k.price_cents
        or (select sum(l.price_cents) - sum(l.charged_cents) from booking_books l where l.booking_id = k.id)
           <> k.discount_cents)`,
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
    rule: 'every released order has exactly one transfer, of its share, and was paid',
    query: sql`select t.booking_id from payout_transfers t join bookings k on k.id = t.booking_id
      where k.share_cents is distinct from t.amount_cents or k.status not in ('Paid', 'Refunded')`,
  },
  {
    rule: 'an order handed over with the code is released',
    query: sql`select h.booking_id from handovers h join bookings k on k.id = h.booking_id
      where h.handed_over_at is not null and k.share_cents is not null
        and not exists (select 1 from payout_transfers t where t.booking_id = h.booking_id)`,
  },
  {
    rule: 'every refund after release has exactly one reversal or recorded debt, and a refund before release none',
    query: sql`select k.id from bookings k join payout_transfers t on t.booking_id = k.id
      where (k.status = 'Refunded') <> exists (select 1 from transfer_reversals r where r.booking_id = k.id)`,
  },
  {
    rule: 'a transfer is cancelled exactly when its reversal says so',
    query: sql`select t.booking_id from payout_transfers t left join transfer_reversals r on r.booking_id = t.booking_id
      where (t.status = 'cancelled') <> (r.outcome is not distinct from 'cancelled')`,
  },
  {
    rule: 'per seller, transfers − reversals − debts = the shares of released orders that stand',
    query: sql`select s.seller_id from (select distinct seller_id from payout_transfers) s
      where (select coalesce(sum(amount_cents), 0) from payout_transfers t where t.seller_id = s.seller_id)
        - (select coalesce(sum(amount_cents), 0) from transfer_reversals r where r.seller_id = s.seller_id)
        <> (select coalesce(sum(k.share_cents), 0) from payout_transfers t join bookings k on k.id = t.booking_id
            where t.seller_id = s.seller_id and k.status = 'Paid')`,
  },
  {
    rule: 'no seller has more of their debts taken than they owe',
    query: sql`select s.seller_id from (select distinct seller_id from payout_transfers) s
      where (select coalesce(sum(debt_taken_cents), 0) from payout_transfers t
             where t.seller_id = s.seller_id and t.status <> 'cancelled')
        > (select coalesce(sum(amount_cents), 0) from transfer_reversals r
           where r.seller_id = s.seller_id and r.outcome = 'debt')`,
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
  {
    rule: 'every transfer the jobs settled is made exactly once at the processor, for its share less debts taken',
    query: sql`select t.booking_id from payout_transfers t where t.status = 'paid'
      and (t.amount_cents - t.debt_taken_cents) > 0
      and (select count(*) from test_transfers x where x.id = t.provider_transfer_id
           and x.amount = t.amount_cents - t.debt_taken_cents and x.transfer_group = t.booking_id::text) <> 1`,
  },
  {
    rule: 'the processor made no transfer the ledger does not know, and none twice for an order',
    query: sql`select x.transfer_group from test_transfers x
      where not exists (select 1 from payout_transfers t where t.provider_transfer_id = x.id)
        or (select count(*) from test_transfers y where y.transfer_group = x.transfer_group) <> 1`,
  },
  {
    rule: 'every reversal is settled, and one reversed at the processor exactly once',
    query: sql`select r.booking_id from transfer_reversals r where r.outcome = 'pending'
      or (r.outcome = 'reversed' and (select count(*) from test_transfer_reversals x
          where x.id = r.provider_reversal_id) <> 1)`,
  },
  {
    rule: 'no released share is left unsent for a seller who can receive it',
    query: sql`select t.booking_id from payout_transfers t join payout_accounts a on a.seller_id = t.seller_id
      where t.status in ('waiting', 'pending', 'sending') and a.state = 'active'
        and not exists (select 1 from payout_holds h where h.seller_id = t.seller_id)`,
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
