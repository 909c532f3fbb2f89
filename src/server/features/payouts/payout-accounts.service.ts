import { eq, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.ts';
import type { AppDeps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { processedEvents } from '#server/db/schema/orders.ts';
import { payoutAccounts, payoutHolds } from '#server/db/schema/payouts.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { ConnectEvent, StripePayoutProvider, TestBankAccount, TestPayoutProvider } from './payout-provider.ts';
import { applyAccountStatus, lockPayoutAccount, sendWaitingShares } from './payouts.service.ts';

type Seller = { id: string; email: string };

/**
 * Test mode: the seller's payout account from the published test bank numbers (a new one replaces the old). An
 * account that works gets the seller's waiting money at once.
 */
export async function setUpTestAccount(db: Db, provider: TestPayoutProvider, seller: Seller, bank: TestBankAccount) {
  const { accountId, status } = await provider.openAccount(seller.id, bank);
  await inTransaction(db, async (tx) => {
    await lockPayoutAccount(tx, seller.id);
    const values = { provider: 'test', accountId, ...status, bankLast4: bank.accountNumber.slice(-4) };
    await tx
      .insert(payoutAccounts)
      .values({ sellerId: seller.id, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: { ...values, updatedAt: sql`now()` } });
    if (status.state === 'active') await sendWaitingShares(tx, seller.id);
  });
}

/**
 * Stripe: the seller's Express account (made on their first visit, once, by its idempotency key) and a fresh
 * Account Link to Stripe's onboarding. Stripe sends the seller back to `returnUrl`, or to `refreshUrl` when the
 * link expired, where the page asks for a new one.
 */
export async function startStripeOnboarding(
  db: Db,
  provider: StripePayoutProvider,
  seller: Seller,
  pages: { refreshUrl: string; returnUrl: string },
) {
  const [known] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id));
  let accountId = known?.accountId;
  if (!accountId) {
    ({ accountId } = await provider.createAccount({ sellerId: seller.id, email: seller.email }));
    await db
      .insert(payoutAccounts)
      .values({ sellerId: seller.id, provider: 'stripe', accountId, state: 'onboarding' })
      .onConflictDoNothing();
  }
  return provider.accountLink({ accountId, ...pages });
}

/** Asks Stripe how the seller's account stands (when they come back from onboarding) and records it. */
export async function refreshStripeAccount(db: Db, provider: StripePayoutProvider, sellerId: string) {
  const [known] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  if (!known) throw new AppError('CONFLICT', 'You have no payout account yet: set up payouts first');
  await applyAccountStatus(db, known.accountId, await provider.retrieveAccount(known.accountId));
}

/**
 * A verified Connect event, once (a redelivery finds its id taken). For `account.updated` the account is asked
 * for afresh rather than taken from the event, so events arriving out of order cannot put back an older state.
 */
export async function handleConnectEvent(
  deps: Pick<AppDeps, 'db'>,
  provider: StripePayoutProvider,
  event: ConnectEvent,
) {
  const [fresh] = await deps.db
    .insert(processedEvents)
    .values({ id: event.id })
    .onConflictDoNothing()
    .returning({ id: processedEvents.id });
  if (!fresh) return 'duplicate' as const;
  if (event.type !== 'account.updated' || !event.account) return 'ignored' as const;
  const status = await provider.retrieveAccount(event.account.accountId);
  const account = await applyAccountStatus(deps.db, event.account.accountId, status);
  return account ? ('applied' as const) : ('ignored' as const);
}

/** An admin holds a seller's payouts while they are under review: released money waits until the hold is lifted. */
export async function holdPayouts(db: Db, sellerId: string, adminId: string, reason: string) {
  await db
    .insert(payoutHolds)
    .values({ sellerId, heldBy: adminId, reason })
    .onConflictDoUpdate({ target: payoutHolds.sellerId, set: { reason, heldBy: adminId } });
  return { modifiedCount: 1 };
}

/** The hold is lifted; the seller's waiting money goes out when their account works. */
export function liftPayoutHold(db: Db, sellerId: string) {
  return inTransaction(db, async (tx) => {
    await lockPayoutAccount(tx, sellerId);
    const lifted = await tx.delete(payoutHolds).where(eq(payoutHolds.sellerId, sellerId)).returning();
    await sendWaitingShares(tx, sellerId);
    return { modifiedCount: lifted.length };
  });
}
