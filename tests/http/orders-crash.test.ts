import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/client.ts';
import { books } from '#server/db/schema/catalog.ts';
import { payments, refunds } from '#server/db/schema/orders.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { futureExpiry } from '../support/orders.ts';
import { callServer, crashableServerFolder, signUpTo } from '../support/server-process.ts';

// The real server on the embedded PostgreSQL, killed with SIGKILL (app and database both, as a power cut) after
// the card was charged and before the payment page could record it; started again on the same folder, it must
// settle the charge by itself (the ledger check it queues at start) into the booking's one payment.
const folder = await crashableServerFolder('bookshelf-orders-crash-');
const { postgresPid, databaseUrl } = folder;
afterAll(() => folder.close());

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a crash between the charge and its record',
  { timeout: 180_000 },
  () => {
    it('the restarted server records the charge as the payment by itself, within 30 seconds', async () => {
      let server = await folder.start();
      const buyer = await signUpTo(server, 'Buyer', 'crash-payer');
      const listed = (await (await callServer(server, 'GET', '/api/allbooks?limit=1')).json()) as { _id: string }[];
      const bookId = listed[0]!._id;

      const booked = await callServer(server, 'POST', '/api/booking', {
        as: buyer,
        json: { bookId, contact: '+1 555 0100', meetinglocation: 'Library' },
      });
      expect(booked.status).toBe(200);
      const bookingId = ((await booked.json()) as { insertedId: string }).insertedId;
      const intent = await callServer(server, 'POST', '/api/create-payment-intent', { as: buyer, json: { bookingId } });
      expect(intent.status).toBe(200);
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      const confirmed = await callServer(server, 'POST', '/api/payments/test/confirm', {
        as: buyer,
        json: { clientSecret, cardNumber: '4242424242424242', expiry: futureExpiry, cvc: '123' },
      });
      expect(confirmed.status).toBe(200);
      const { transactionId } = (await confirmed.json()) as { transactionId: string };
      // The tab never sends POST /api/payments: the power goes.
      const running = server;
      process.kill(postgresPid(), 'SIGKILL');
      running.child.kill('SIGKILL');
      await running.exited();

      const restarted = Date.now();
      server = await folder.start();
      const healthyAfter = Date.now() - restarted;
      let item: BookingItem | undefined;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const res = await callServer(server, 'GET', `/api/bookingItems/${bookingId}`, { as: buyer });
        expect(res.status).toBe(200); // the session survived the crash
        item = (await res.json()) as BookingItem;
        if (item.status !== null) break;
        await sleep(250);
      }
      const settledAfter = Date.now() - restarted;
      console.log(
        `crash before the record: server healthy ${healthyAfter} ms after the restart began, booking ${item?.status} ` +
          `after ${settledAfter} ms`,
      );
      expect(item?.status).toBe('Paid');
      // The page's late record, if the buyer retries it, answers the same payment.
      const retried = await callServer(server, 'POST', '/api/payments', {
        as: buyer,
        json: { bookingId, transactionId },
      });
      expect(retried.status).toBe(200);

      const { db, pool } = connect(databaseUrl(), 2);
      try {
        const paid = await db.select().from(payments).where(eq(payments.transactionId, transactionId));
        expect(paid).toHaveLength(1);
        expect(paid[0]!.bookingId).toBe(bookingId);
        expect(((await retried.json()) as { insertedId: string }).insertedId).toBe(paid[0]!.id);
        expect(await db.select().from(refunds).where(eq(refunds.transactionId, transactionId))).toEqual([]);
        const [book] = await db.select({ status: books.status }).from(books).where(eq(books.id, bookId));
        expect(book?.status).toBe('Sold');
        expect(await ledgerViolations(db)).toEqual([]);
      } finally {
        await pool.end();
      }
    });
  },
);
