import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripePaymentProvider } from './stripe-provider.ts';
import { createTestPaymentProvider } from './test-provider.ts';

/** Stripe when its keys are configured (all three, or the start fails naming the missing one); else the test provider. */
export function choosePaymentProvider(env: Env, db: Db): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY) return createTestPaymentProvider(db);
  const missing = (['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    const lines = missing.map((name) => `  ${name}: required when STRIPE_SECRET_KEY is set`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return createStripePaymentProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    apiUrl: env.STRIPE_API_URL,
  });
}
