import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { testPaymentIntents } from '../db/schema/test-payments.ts';
import type { ProviderIntent, TestPaymentProvider } from './provider.ts';
import { checkTestCard } from './test-cards.ts';

type IntentRow = typeof testPaymentIntents.$inferSelect;

function toIntent(row: IntentRow): ProviderIntent {
  return { id: row.id, status: row.status, amount: row.amount, currency: row.currency, bookingId: row.bookingId };
}

const randomToken = () => randomBytes(12).toString('hex');

/** The default processor: the same server path as Stripe, with no network and no real cards. */
export function createTestPaymentProvider(db: Db): TestPaymentProvider {
  async function findByClientSecret(clientSecret: string) {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret));
    return row ? toIntent(row) : null;
  }

  return {
    name: 'test',
    testMode: true,

    async createIntent({ bookingId, amount, currency }) {
      const [open] = await db
        .select()
        .from(testPaymentIntents)
        .where(
          and(
            eq(testPaymentIntents.bookingId, bookingId),
            eq(testPaymentIntents.amount, amount),
            eq(testPaymentIntents.currency, currency),
            eq(testPaymentIntents.status, 'requires_payment_method'),
          ),
        )
        .orderBy(desc(testPaymentIntents.createdAt))
        .limit(1);
      if (open) return { id: open.id, clientSecret: open.clientSecret };
      const id = `pi_test_${randomToken()}`;
      const clientSecret = `${id}_secret_${randomToken()}`;
      await db.insert(testPaymentIntents).values({ id, clientSecret, bookingId, amount, currency });
      return { id, clientSecret };
    },

    async retrieveIntent(id) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row ? toIntent(row) : null;
    },

    findByClientSecret,

    async confirmCard(clientSecret, card) {
      const intent = await findByClientSecret(clientSecret);
      if (!intent) throw new Error('confirmCard: unknown client secret');
      if (intent.status === 'succeeded') return { intent };
      const decline = checkTestCard(card);
      if (decline) return { decline };
      await db
        .update(testPaymentIntents)
        .set({ status: 'succeeded' })
        .where(and(eq(testPaymentIntents.id, intent.id), eq(testPaymentIntents.status, 'requires_payment_method')));
      return { intent: { ...intent, status: 'succeeded' } };
    },
  };
}
