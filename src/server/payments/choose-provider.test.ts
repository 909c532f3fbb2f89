import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';
import { choosePaymentProvider } from './choose-provider.ts';

const noDb = {} as Db;

describe('choosePaymentProvider', () => {
  it('picks the test provider when no Stripe key is set', () => {
    expect(choosePaymentProvider(readEnv({}), noDb)).toMatchObject({ name: 'test', testMode: true });
  });

  it('picks Stripe when its three keys are set, in test mode for test keys', () => {
    const env = readEnv({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(choosePaymentProvider(env, noDb)).toMatchObject({
      name: 'stripe',
      publishableKey: 'pk_test_1',
      testMode: true,
    });
    const live = { ...env, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    expect(choosePaymentProvider(live, noDb).testMode).toBe(false);
  });

  it('stops the start naming each missing key when only the secret key is set', () => {
    expect(() => choosePaymentProvider(readEnv({ STRIPE_SECRET_KEY: 'sk_test_1' }), noDb)).toThrow(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set\n' +
        '  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  });
});
