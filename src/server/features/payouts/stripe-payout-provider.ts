import Stripe from 'stripe';
import { AppError } from '#server/app-error.ts';
import { stripeClient } from '#server/payments/stripe-provider.ts';
import { type PayoutAccountStatus, PayoutRefused, type StripePayoutProvider } from './payout-provider.ts';

export interface StripePayoutSettings {
  secretKey: string;
  /** The Connect webhook endpoint's signing secret. */
  webhookSecret: string;
  apiUrl?: string;
}

/** How an Express account stands: active once transfers to it are enabled, onboarding until its details are in. */
export function accountStatus(account: Stripe.Account): PayoutAccountStatus {
  if (account.capabilities?.transfers === 'active' && account.payouts_enabled) return { state: 'active', detail: null };
  if (!account.details_submitted) return { state: 'onboarding', detail: 'Onboarding with Stripe is not finished' };
  const due = account.requirements?.currently_due ?? [];
  const reason = account.requirements?.disabled_reason;
  const detail = [reason && `Stripe: ${reason}`, due.length > 0 && `missing: ${due.join(', ')}`].filter(Boolean);
  return { state: 'restricted', detail: detail.join('; ') || 'Stripe has not enabled transfers to this account' };
}

function unavailable(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    throw new AppError('BAD_GATEWAY', `Stripe is not answering as it should right now: ${error.message}`);
  }
  throw error;
}

/** Stripe's refusal of a transfer or a reversal, as the payouts understand it; anything else is thrown as it is. */
function refusal(error: unknown, balance: 'store-balance' | 'seller-balance'): never {
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'balance_insufficient') throw new PayoutRefused(balance, error.message);
    if (error.code === 'insufficient_capabilities_for_transfer' || error.code === 'account_invalid') {
      throw new PayoutRefused('account', error.message);
    }
  }
  throw error;
}

/**
 * Stripe Connect with Express accounts and separate charges and transfers (ADR 026): the buyer's charge stays
 * with the store, and each released share is a transfer from that charge (`source_transaction`), filed under the
 * order (`transfer_group`), made once per order (its idempotency key).
 */
export function createStripePayoutProvider(settings: StripePayoutSettings): StripePayoutProvider {
  const stripe = stripeClient(settings);

  return {
    name: 'stripe',
    testMode: settings.secretKey.startsWith('sk_test_'),

    async createAccount({ sellerId, email }) {
      const account = await stripe.accounts
        .create(
          { type: 'express', email, capabilities: { transfers: { requested: true } }, metadata: { sellerId } },
          { idempotencyKey: `payout-account-${sellerId}` },
        )
        .catch(unavailable);
      return { accountId: account.id };
    },

    async accountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks
        .create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' })
        .catch(unavailable);
      return { url: link.url };
    },

    retrieveAccount: async (accountId) => accountStatus(await stripe.accounts.retrieve(accountId).catch(unavailable)),

    async transfer(input) {
      const intent = await stripe.paymentIntents.retrieve(input.paymentIntentId);
      const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
      if (!charge) throw new Error(`transfer: the PaymentIntent ${input.paymentIntentId} has no charge`);
      const transfer = await stripe.transfers
        .create(
          {
            amount: input.amount,
            currency: input.currency,
            destination: input.accountId,
            source_transaction: charge,
            transfer_group: input.transferGroup,
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch((error: unknown) => refusal(error, 'store-balance'));
      return { transferId: transfer.id };
    },

    async reverse({ transferId, amount, idempotencyKey }) {
      const reversal = await stripe.transfers
        .createReversal(transferId, { amount }, { idempotencyKey })
        .catch((error: unknown) => refusal(error, 'seller-balance'));
      return { reversalId: reversal.id };
    },

    async verifyWebhook(rawBody, signature) {
      const event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string };
      const account =
        event.type === 'account.updated' && object.object === 'account'
          ? { accountId: (object as Stripe.Account).id, ...accountStatus(object as Stripe.Account) }
          : null;
      return { id: event.id, type: event.type, account };
    },
  };
}
