import type { Db } from '../../db/client.ts';
import { processedEvents } from '../../db/schema/orders.ts';
import { AppError } from '../../http/errors.ts';
import type { ProviderEvent } from '../../payments/provider.ts';
import { recordPayment } from './payments.service.ts';

export type WebhookOutcome =
  | { outcome: 'duplicate' | 'ignored' }
  | { outcome: 'completed'; insertedId: string }
  | { outcome: 'refused'; reason: string };

/**
 * Handles a verified processor event once: its id goes into processed_events in the same transaction as its
 * effect, so a redelivery (even a simultaneous one) changes nothing. A succeeded PaymentIntent completes the
 * sale when the buyer's tab closed before the browser could record it.
 */
export async function handlePaymentEvent(db: Db, event: ProviderEvent, currency: string): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedEvents)
      .values({ id: event.id })
      .onConflictDoNothing()
      .returning({ id: processedEvents.id });
    if (!fresh) return { outcome: 'duplicate' };
    if (event.type !== 'payment_intent.succeeded' || !event.intent) return { outcome: 'ignored' };
    try {
      const { insertedId } = await recordPayment(tx, { intent: event.intent, provider: 'stripe', currency });
      return { outcome: 'completed', insertedId };
    } catch (error) {
      // A refusal (order deleted, amount changed) will not change on redelivery: keep the event as handled.
      if (error instanceof AppError) return { outcome: 'refused', reason: error.message };
      throw error;
    }
  });
}
