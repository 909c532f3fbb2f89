import type { TestCard } from '../../shared/schemas/payment.ts';
import type { CardDecline } from './test-cards.ts';

/** A PaymentIntent as the processor reports it; amounts in minor units, currency in lower case. */
export interface ProviderIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  bookingId: string | null;
}

export interface NewIntent {
  bookingId: string;
  amount: number;
  currency: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
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
  /** An intent to charge `amount` for a booking; asking again for the same booking and amount reuses it. */
  createIntent(input: NewIntent): Promise<CreatedIntent>;
  /** The processor's own record of an intent, or null when it knows no such id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
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
