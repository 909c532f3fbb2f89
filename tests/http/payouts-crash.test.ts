import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/client.ts';
import { categories } from '#server/db/schema/catalog.ts';
import { handovers } from '#server/db/schema/handovers.ts';
import { payoutAccounts, payoutTransfers } from '#server/db/schema/payouts.ts';
import { createBook } from '../support/factories.ts';
import { fakeStripeKeys, startFakeStripe } from '../support/fake-stripe.ts';
import { invariantViolations } from '../support/invariants.ts';
import { callServer, crashableServerFolder, type ServerProcess, signUpTo } from '../support/server-process.ts';

// The real server with Stripe Connect (against the local stand-in) on the embedded PostgreSQL, killed with SIGKILL
// (app and database both, as a power cut) after Stripe made the seller's transfer and before the server could
// record it. Started again on the same folder, it asks again with the same idempotency key and records the one
// transfer Stripe made: never a second.
const stripe = await startFakeStripe();
const folder = await crashableServerFolder('bookshelf-payouts-crash-');
Object.assign(folder.env, { ...fakeStripeKeys, STRIPE_API_URL: stripe.url });
afterAll(async () => {
  await folder.close();
  await stripe.close();
});

function deliverWebhook(server: ServerProcess, event: { payload: string; signature: string }) {
  return fetch(`${server.url}/api/webhooks/stripe-connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, 'stripe-signature': event.signature },
    body: event.payload,
  });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a crash between the transfer and its record',
  { timeout: 180_000 },
  () => {
    it('the restarted server records the transfer Stripe made, and makes no second one', async () => {
      let server = await folder.start();
      const seller = await signUpTo(server, 'Seller', 'crash-seller');
      const buyer = await signUpTo(server, 'Buyer', 'crash-buyer');
      const { db, pool } = connect(folder.databaseUrl(), 2);
      try {
        // The seller goes through Stripe's onboarding; Stripe tells the store by webhook.
        expect((await callServer(server, 'POST', '/api/payouts/account/link', { as: seller })).status).toBe(200);
        const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id));
        const onboarded = stripe.completeOnboarding(account!.accountId);
        const event = stripe.signedEvent({
          id: `evt_${crypto.randomUUID()}`,
          type: 'account.updated',
          object: onboarded,
        });
        expect((await deliverWebhook(server, event)).status).toBe(200);

        // A sale, paid by card.
        const [category] = await db.select().from(categories).limit(1);
        const book = await createBook(db, { sellerId: seller.id, categoryId: category!.id, resalePriceCents: 2000 });
        const booked = await callServer(server, 'POST', '/api/booking', {
          as: buyer,
          json: { bookId: book.id, contact: '+1 555 0100', meetinglocation: 'Library' },
        });
        expect(booked.status).toBe(200);
        const bookingId = ((await booked.json()) as { insertedId: string }).insertedId;
        const opened = await callServer(server, 'POST', '/api/create-payment-intent', {
          as: buyer,
          json: { bookingId },
        });
        const { clientSecret } = (await opened.json()) as { clientSecret: string };
        const intent = stripe.succeed(clientSecret.split('_secret_')[0]!);
        const paid = await callServer(server, 'POST', '/api/payments', {
          as: buyer,
          json: { bookingId, transactionId: intent.id, price: 20, email: buyer.email },
        });
        expect(paid.status).toBe(200);

        // The seller enters the code; the transfer job calls Stripe, and the power goes before Stripe's answer.
        const crashed = Promise.withResolvers<void>();
        const running = server;
        stripe.beforeAnswering('/v1/transfers', async () => {
          process.kill(folder.postgresPid(), 'SIGKILL');
          running.child.kill('SIGKILL');
          await running.exited();
          crashed.resolve();
        });
        const [handover] = await db.select().from(handovers).where(eq(handovers.bookingId, bookingId));
        const entered = await callServer(server, 'POST', `/api/handovers/${bookingId}/code`, {
          as: seller,
          json: { code: handover!.code },
        });
        expect(entered.status).toBe(200);
        await crashed.promise;
        await pool.end().catch(() => {});
      } catch (error) {
        await pool.end().catch(() => {});
        throw error;
      }

      const made = () => [...stripe.transfers.values()].filter((transfer) => transfer.destination !== null);
      expect(made()).toHaveLength(1);
      const restarted = Date.now();
      server = await folder.start();
      const after = connect(folder.databaseUrl(), 2);
      try {
        let transfer: typeof payoutTransfers.$inferSelect | undefined;
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline) {
          [transfer] = await after.db.select().from(payoutTransfers);
          if (transfer?.status === 'paid') break;
          await sleep(250);
        }
        console.log(
          `crash before the transfer's record: recorded ${transfer?.status} ${Date.now() - restarted} ms after the restart began`,
        );
        expect(transfer).toMatchObject({ status: 'paid', providerTransferId: made()[0]!.id });
        expect(made()).toHaveLength(1);
        const keys = stripe.requests.filter((r) => r.path === '/v1/transfers').map((r) => r.idempotencyKey);
        expect(keys.length).toBeGreaterThanOrEqual(2);
        expect(new Set(keys).size).toBe(1);
        expect(await invariantViolations(after.db)).toEqual([]);
      } finally {
        await after.pool.end();
      }
    });
  },
);
