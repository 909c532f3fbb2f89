import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { PayoutProvider } from './payout-provider.ts';
import { createStripePayoutProvider } from './stripe-payout-provider.ts';
import { createTestPayoutProvider } from './test-payout-provider.ts';

/**
 * Payouts go the way the charges went: Stripe Connect when the card payments are Stripe's (a transfer is made from
 * the order's charge), else the test provider. The Connect webhook has its own secret, or shares the payments one.
 */
export function choosePayoutProvider(env: Env, db: Db): PayoutProvider {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return createTestPayoutProvider(db);
  return createStripePayoutProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  });
}
