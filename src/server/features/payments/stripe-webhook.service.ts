import { AppError } from '#server/app-error.ts';
import type { AppDeps } from '#server/context.ts';
import { processedEvents } from '#server/db/schema/orders.ts';
import type { ProviderEvent } from '#server/payments/provider.ts';
import { settleCharge } from './payments.service.ts';

export type WebhookOutcome =
  | { outcome: 'duplicate' | 'ignored' }
  | { outcome: 'completed'; insertedId: string }
  | { outcome: 'refunded'; reason: string }
  | { outcome: 'refused'; reason: string };

/**
 * Handles a verified processor event once: a redelivery (even a simultaneous one) finds its id taken and
 * changes nothing. A succeeded PaymentIntent completes the sale when the buyer's tab closed before the browser
 * could record it, or is refunded when its order ended first. Should this process stop between taking the id
 * and settling, the ledger job settles the charge (settleCharge is idempotent).
 */
export async function handlePaymentEvent(
  deps: Pick<AppDeps, 'db' | 'env'>,
  event: ProviderEvent,
): Promise<WebhookOutcome> {
  const [fresh] = await deps.db
    .insert(processedEvents)
    .values({ id: event.id })
    .onConflictDoNothing()
    .returning({ id: processedEvents.id });
  if (!fresh) return { outcome: 'duplicate' };
  if (event.type !== 'payment_intent.succeeded' || !event.intent) return { outcome: 'ignored' };
  try {
    const settled = await settleCharge(deps.db, event.intent, 'stripe', deps.env);
    return settled.outcome === 'paid'
      ? { outcome: 'completed', insertedId: settled.paymentId }
      : { outcome: 'refunded', reason: settled.reason };
  } catch (error) {
    // Not an order of this shop: redelivering it will not change that.
    if (error instanceof AppError) return { outcome: 'refused', reason: error.message };
    throw error;
  }
}
