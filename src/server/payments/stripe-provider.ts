import Stripe from 'stripe';
import { AppError } from '#server/app-error.ts';
import type { ProviderIntent, StripePaymentProvider } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address for the Stripe API (a local fake in tests); https://api.stripe.com when unset. */
  apiUrl?: string;
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    bookingId: intent.metadata?.bookingId ?? null,
    clientSecret: intent.client_secret,
  };
}

/** Stripe could not be reached or failed on its side: a 502 the buyer can retry, not a 500 of ours. */
function unavailable(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    throw new AppError('BAD_GATEWAY', 'The card processor is not answering right now; please try again in a minute');
  }
  throw error;
}

/** The Stripe SDK's host, port and protocol for STRIPE_API_URL (a local stand-in in tests). */
function addressOf(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

/** A Stripe client as the store uses it: retried twice, 20 seconds at most, at STRIPE_API_URL when set. */
export function stripeClient(settings: { secretKey: string; apiUrl?: string }) {
  return new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...addressOf(settings.apiUrl) });
}

/** Stripe PaymentIntents: created and retrieved by the server, confirmed in the browser by Stripe Elements. */
export function createStripePaymentProvider(settings: StripeSettings): StripePaymentProvider {
  const stripe = stripeClient(settings);

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    testMode: settings.secretKey.startsWith('sk_test_'),

    async createIntent({ bookingId, amount, currency, idempotencyKey }) {
      const intent = await stripe.paymentIntents
        .create(
          { amount, currency, allowed_payment_method_types: ['card'], metadata: { bookingId } },
          { idempotencyKey },
        )
        .catch((error: unknown) => {
          // Stripe refuses some amounts (below its minimum charge, for one); say so instead of failing with a 500.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) {
            throw new AppError('CONFLICT', `The card processor cannot take this payment: ${error.message}`);
          }
          unavailable(error);
        });
      if (!intent.client_secret)
        throw new AppError('BAD_GATEWAY', 'The card processor answered without a client secret');
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(id)) return null;
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        unavailable(error);
      }
    },

    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Stripe refuses to cancel an intent that was charged (or is being charged): say how it stands.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          return toIntent(await stripe.paymentIntents.retrieve(id).catch(unavailable));
        }
        unavailable(error);
      }
    },

    async refundIntent(id) {
      const refund = await stripe.refunds
        .create({ payment_intent: id }, { idempotencyKey: `refund-${id}` })
        .catch(unavailable);
      return { refundId: refund.id };
    },

    async verifyWebhook(rawBody, signature) {
      const event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent: object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : null,
      };
    },
  };
}
