import type { TestCard } from '#shared/schemas/payment.ts';
import type { CardDecline } from './test-cards.ts';

/** A PaymentIntent as the processor reports it; amounts in minor units, currency in lower case. */
export interface ProviderIntent {
  id: string;
  /** `succeeded` once charged, `canceled` once cancelled; anything else is still open. */
  status: string;
  amount: number;
  currency: string;
  bookingId: string | null;
  clientSecret: string | null;
}

export interface NewIntent {
  bookingId: string;
  amount: number;
  currency: string;
  /** Asking again with the same key answers the same intent instead of opening a second one. */
  idempotencyKey: string;
}

/** A verified webhook event; `intent` is set for `payment_intent.*` events. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

interface PaymentProviderBase {
  /** Whether no real money moves (test provider, or Stripe with test keys); the page says so. */
  readonly testMode: boolean;
  /** An intent to charge `amount` for a booking. */
  createIntent(input: NewIntent): Promise<ProviderIntent>;
  /** The processor's own record of an intent, or null when it knows no such id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an intent nobody has paid, so it can no longer be charged. Answers the intent as it stands
   * afterwards: `canceled`, or `succeeded` (or `processing`) when the charge came first.
   */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /** Gives a succeeded charge back in full; asking again for the same intent answers the same refund. */
  refundIntent(id: string): Promise<{ refundId: string }>;
}

/** The built-in processor: only published test card numbers, confirmed through our own API. */
export interface TestPaymentProvider extends PaymentProviderBase {
  readonly name: 'test';
  /** The intent a client secret belongs to, or null. */
  findByClientSecret(clientSecret: string): Promise<ProviderIntent | null>;
  /** Charges a card against an intent: the succeeded intent, or the processor's decline. */
  confirmCard(clientSecret: string, card: TestCard): Promise<{ intent: ProviderIntent } | { decline: CardDecline }>;
}

export interface StripePaymentProvider extends PaymentProviderBase {
  readonly name: 'stripe';
  readonly publishableKey: string;
  /** Checks a webhook's signature over its raw body; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string): Promise<ProviderEvent>;
}

/** A card processor; the app only knows this interface, and picks one by configuration. */
export type PaymentProvider = TestPaymentProvider | StripePaymentProvider;
