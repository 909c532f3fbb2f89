import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';

/**
 * The rules every committed state must keep (PRODUCT.md §4), each a query answering the ids that break it.
 * Shared by the race, crash and several-servers tests.
 */
const rules: { rule: string; query: ReturnType<typeof sql> }[] = [
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
    rule: 'a Booked book has exactly one booking, and it is unpaid',
    query: sql`select b.id from books b where b.status = 'Booked'
      and ((select count(*) from bookings k where k.book_id = b.id) <> 1
        or (select count(*) from bookings k where k.book_id = b.id and k.status is null) <> 1)`,
  },
  {
    rule: 'an Available book has no booking',
    query: sql`select b.id from books b where b.status = 'Available'
      and exists (select 1 from bookings k where k.book_id = b.id)`,
  },
  {
    rule: 'an unpaid booking is on a Booked book',
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
    rule: 'a payment of an existing booking has marked it Paid',
    query: sql`select p.id from payments p join bookings k on k.id = p.booking_id where k.status is distinct from 'Paid'`,
  },
  {
    rule: 'a book is flagged reported exactly when a report of it exists',
    query: sql`select b.id from books b
      where b.reported <> exists (select 1 from reports r where r.book_id = b.id)`,
  },
];

/** Every broken rule with the ids that break it; empty when the state is consistent. */
export async function invariantViolations(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const { rule, query } of rules) {
    const { rows } = await db.execute<{ id: string }>(query);
    if (rows.length > 0) found.push(`${rule}: broken by ${rows.map((r) => r.id).join(', ')}`);
  }
  return found;
}

export async function expectConsistent(db: Db): Promise<void> {
  expect(await invariantViolations(db)).toEqual([]);
}
