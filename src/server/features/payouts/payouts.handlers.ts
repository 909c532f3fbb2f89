import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { AppError } from '#server/app-error.ts';
import type { AppEnv } from '#server/context.ts';
import { user } from '#server/db/schema/auth.ts';
import { payoutAccounts, payoutHolds } from '#server/db/schema/payouts.ts';
import { appBaseUrl } from '#server/env.ts';
import { callerOf } from '#server/http/access.ts';
import type { AppRouteHandler } from '#server/http/openapi.ts';
import { fromCents } from '#shared/money.ts';
import type { PayoutAccount } from '#shared/schemas/payouts.ts';
import { earningsCsv, earningsPage, sellerEarnings } from './earnings.service.ts';
import * as accounts from './payout-accounts.service.ts';
import type { StripePayoutProvider, TestPayoutProvider } from './payout-provider.ts';
import type { routes } from './payouts.routes.ts';
import { payoutsOverview, retryTransfer as retry } from './payouts-admin.service.ts';

/** The seller's payout account as their page shows it. */
async function accountView(c: Context<AppEnv>, sellerId: string): Promise<PayoutAccount> {
  const { db, payouts: provider } = c.var.deps;
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  const [held] = await db.select().from(payoutHolds).where(eq(payoutHolds.sellerId, sellerId));
  return {
    provider: provider.name,
    testMode: provider.testMode,
    state: account?.state ?? 'none',
    detail: account?.detail ?? null,
    bankLast4: account?.bankLast4 ?? null,
    held: Boolean(held),
  };
}

function testProvider(c: Context<AppEnv>): TestPayoutProvider {
  const provider = c.var.deps.payouts;
  if (provider.name !== 'test') throw new AppError('NOT_FOUND', 'Test bank numbers are only taken in test mode');
  return provider;
}

function stripeProvider(c: Context<AppEnv>): StripePayoutProvider {
  const provider = c.var.deps.payouts;
  if (provider.name !== 'stripe')
    throw new AppError('NOT_FOUND', 'Stripe is not configured: this store pays out in test mode');
  return provider;
}

export const getPlatformFee: AppRouteHandler<typeof routes.getPlatformFee> = (c) => {
  const { PLATFORM_FEE: fee, CURRENCY: currency } = c.var.deps.env;
  return c.json(
    { percent: fee.basisPoints / 100, minimum: fromCents(fee.minCents), maximum: fromCents(fee.maxCents), currency },
    200,
  );
};

export const getPayoutAccount: AppRouteHandler<typeof routes.getPayoutAccount> = async (c) =>
  c.json(await accountView(c, callerOf(c).id), 200);

export const setUpTestPayoutAccount: AppRouteHandler<typeof routes.setUpTestPayoutAccount> = async (c) => {
  const seller = callerOf(c);
  await accounts.setUpTestAccount(c.var.deps.db, testProvider(c), seller, c.req.valid('json'));
  return c.json(await accountView(c, seller.id), 200);
};

export const createPayoutAccountLink: AppRouteHandler<typeof routes.createPayoutAccountLink> = async (c) => {
  const page = `${appBaseUrl(c.var.deps.env)}/dashboard/get-paid`;
  const link = await accounts.startStripeOnboarding(c.var.deps.db, stripeProvider(c), callerOf(c), {
    refreshUrl: `${page}?link=expired`,
    returnUrl: `${page}?link=done`,
  });
  return c.json(link, 200);
};

export const refreshPayoutAccount: AppRouteHandler<typeof routes.refreshPayoutAccount> = async (c) => {
  const seller = callerOf(c);
  await accounts.refreshStripeAccount(c.var.deps.db, stripeProvider(c), seller.id);
  return c.json(await accountView(c, seller.id), 200);
};

export const getEarnings: AppRouteHandler<typeof routes.getEarnings> = async (c) =>
  c.json(earningsPage(await sellerEarnings(c.var.deps, callerOf(c).id), c.req.valid('query')), 200);

export const exportEarnings: AppRouteHandler<typeof routes.exportEarnings> = async (c) => {
  const csv = earningsCsv(await sellerEarnings(c.var.deps, callerOf(c).id));
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': 'attachment; filename="earnings.csv"',
  });
};

export const getPayoutsOverview: AppRouteHandler<typeof routes.getPayoutsOverview> = async (c) =>
  c.json(await payoutsOverview(c.var.deps.db, c.var.deps.env.CURRENCY), 200);

export const retryTransfer: AppRouteHandler<typeof routes.retryTransfer> = async (c) =>
  c.json(await retry(c.var.deps.db, c.req.valid('param').id), 200);

export const holdPayouts: AppRouteHandler<typeof routes.holdPayouts> = async (c) => {
  const { db } = c.var.deps;
  const { sellerId } = c.req.valid('param');
  const [seller] = await db.select({ id: user.id }).from(user).where(eq(user.id, sellerId));
  if (!seller) throw new AppError('NOT_FOUND', 'No user with this id');
  return c.json(await accounts.holdPayouts(db, sellerId, callerOf(c).id, c.req.valid('json').reason), 200);
};

export const liftPayoutHold: AppRouteHandler<typeof routes.liftPayoutHold> = async (c) =>
  c.json(await accounts.liftPayoutHold(c.var.deps.db, c.req.valid('param').sellerId), 200);

export const receiveConnectWebhook: AppRouteHandler<typeof routes.receiveConnectWebhook> = async (c) => {
  const provider = stripeProvider(c);
  // The signature covers the exact bytes Stripe sent.
  const rawBody = await c.req.text();
  const event = await provider.verifyWebhook(rawBody, c.req.valid('header')['stripe-signature']).catch(() => {
    throw new AppError('BAD_REQUEST', 'The webhook signature does not match');
  });
  return c.json(
    { received: true as const, outcome: await accounts.handleConnectEvent(c.var.deps, provider, event) },
    200,
  );
};
