import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { testPaymentIntents, testRefunds } from '#server/db/schema/test-payments.ts';
import type { ProviderIntent, TestPaymentProvider } from './provider.ts';
import { checkTestCard } from './test-cards.ts';

type IntentRow = typeof testPaymentIntents.$inferSelect;

function toIntent(row: IntentRow): ProviderIntent {
  const { id, status, amount, currency, bookingId, clientSecret } = row;
  return { id, status, amount, currency, bookingId, clientSecret };
}

const randomToken = () => randomBytes(12).toString('hex');

/**
 * The default processor: the same server path as Stripe, with no network and no real cards. Each state change
 * of an intent is one conditional update, so a card confirmed while the store cancels the intent ends in
 * exactly one of the two, as at Stripe.
 */
export function createTestPaymentProvider(db: Db): TestPaymentProvider {
  async function find(where: ReturnType<typeof eq>) {
    const [row] = await db.select().from(testPaymentIntents).where(where);
    return row ? toIntent(row) : null;
  }

  /** Moves an open intent to `status`; answers the intent as it stands afterwards (moved or not). */
  async function settleOpen(id: string, status: 'succeeded' | 'canceled'): Promise<ProviderIntent | null> {
    const [moved] = await db
      .update(testPaymentIntents)
      .set({ status })
      .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')))
      .returning();
    return moved ? toIntent(moved) : find(eq(testPaymentIntents.id, id));
  }

  return {
    name: 'test',
    testMode: true,

    async createIntent({ bookingId, amount, currency, idempotencyKey }) {
      const id = `pi_test_${randomToken()}`;
      const clientSecret = `${id}_secret_${randomToken()}`;
      await db
        .insert(testPaymentIntents)
        .values({ id, clientSecret, idempotencyKey, bookingId, amount, currency })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
      const intent = await find(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
      if (!intent) throw new Error('createIntent: the intent vanished');
      return intent;
    },

    retrieveIntent: (id) => find(eq(testPaymentIntents.id, id)),

    findByClientSecret: (clientSecret) => find(eq(testPaymentIntents.clientSecret, clientSecret)),

    async cancelIntent(id) {
      const intent = await settleOpen(id, 'canceled');
      if (!intent) throw new Error(`cancelIntent: no intent ${id}`);
      return intent;
    },

    async refundIntent(id) {
      const intent = await find(eq(testPaymentIntents.id, id));
      if (intent?.status !== 'succeeded') throw new Error(`refundIntent: intent ${id} was not charged`);
      await db
        .insert(testRefunds)
        .values({ id: `re_test_${randomToken()}`, paymentIntentId: id, amount: intent.amount })
        .onConflictDoNothing({ target: testRefunds.paymentIntentId });
      const [refund] = await db.select().from(testRefunds).where(eq(testRefunds.paymentIntentId, id));
      return { refundId: refund!.id };
    },

    async confirmCard(clientSecret, card) {
      const intent = await find(eq(testPaymentIntents.clientSecret, clientSecret));
      if (!intent) throw new Error('confirmCard: unknown client secret');
      if (intent.status !== 'requires_payment_method') return { intent };
      const decline = checkTestCard(card);
      if (decline) return { decline };
      return { intent: (await settleOpen(intent.id, 'succeeded'))! };
    },
  };
}
