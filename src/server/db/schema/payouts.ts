import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt } from './columns.ts';
import { bookings } from './orders.ts';

/**
 * Where a seller's money goes (ADR 026): one payout account per seller at the payout provider (a Stripe Connect
 * Express account, or the built-in test provider's). `active` once the provider says transfers can be made to it.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => user.id),
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull().unique(),
  state: text('state', { enum: ['onboarding', 'active', 'restricted'] })
    .notNull()
    .default('onboarding'),
  /** What the provider says is missing or wrong, for the seller's and the admins' pages. */
  detail: text('detail'),
  /** The last four digits of the test provider's bank account. */
  bankLast4: text('bank_last4'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A seller whose payouts an admin holds while they are under review: their released money waits. */
export const payoutHolds = pgTable('payout_holds', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => user.id),
  reason: text('reason').notNull(),
  heldBy: text('held_by').references(() => user.id),
  heldAt: createdAt(),
});

export const transferStatuses = ['waiting', 'pending', 'sending', 'paid', 'cancelled'] as const;

/**
 * The release of a paid order's share to its seller, and its one transfer: written in the transaction that releases
 * it (the right handover code, or the release job), so a released order has exactly one. `waiting` while the seller
 * has no working payout account (or is held), `pending` until the transfer job takes it, `sending` from when the
 * job fixed what it takes for debts until the provider answered (a crash there is repaired by asking again with the
 * same idempotency key), `paid` once made, `cancelled` when a refund came before anything was sent.
 */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id),
    /** The order's share (bookings.share_cents). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    releaseReason: text('release_reason', { enum: ['code', 'automatic'] }).notNull(),
    releasedAt: createdAt(),
    status: text('status', { enum: transferStatuses }).notNull(),
    /** What this transfer keeps back to pay the seller's recorded debts (fixed once, before it is sent). */
    debtTakenCents: integer('debt_taken_cents'),
    providerTransferId: text('provider_transfer_id'),
    /**
     * Part of the idempotency key: a refusal by the provider means no transfer was made, and the next try asks
     * with a new key (a provider remembers a refused request's answer under its key).
     */
    keyRound: integer('key_round').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    triedAt: timestamp('tried_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payout_transfers_seller_idx').on(t.sellerId, t.releasedAt),
    index('payout_transfers_open_idx').on(t.releasedAt).where(sql`${t.status} in ('waiting', 'pending', 'sending')`),
    check(
      'payout_transfers_debt_taken',
      sql`${t.debtTakenCents} is null or (${t.debtTakenCents} >= 0 and ${t.debtTakenCents} <= ${t.amountCents})`,
    ),
  ],
);

/**
 * A refund after release takes the share back: by reversing the transfer (`reversed`), by cancelling one that was
 * never sent (`cancelled`), or, when the seller's balance at the provider cannot cover it, as a debt recorded
 * against the seller (`debt`) that their next transfers pay. One per refunded order that was released.
 */
export const transferReversals = pgTable('transfer_reversals', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => payoutTransfers.bookingId),
  sellerId: text('seller_id')
    .notNull()
    .references(() => user.id),
  amountCents: integer('amount_cents').notNull(),
  outcome: text('outcome', { enum: ['pending', 'reversed', 'cancelled', 'debt'] })
    .notNull()
    .default('pending'),
  providerReversalId: text('provider_reversal_id'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/**
 * The built-in test payout provider's own records (as Stripe keeps its own): transfers to test accounts, their
 * reversals, and payouts from a test account to its bank. In the database so any server sees them.
 */
export const testTransfers = pgTable('test_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  accountId: text('account_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  sourceTransaction: text('source_transaction').notNull(),
  transferGroup: text('transfer_group').notNull(),
  createdAt: createdAt(),
});

export const testTransferReversals = pgTable('test_transfer_reversals', {
  id: text('id').primaryKey(),
  transferId: text('transfer_id')
    .notNull()
    .unique()
    .references(() => testTransfers.id),
  amount: integer('amount').notNull(),
  createdAt: createdAt(),
});

export const testBankPayouts = pgTable('test_bank_payouts', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  amount: integer('amount').notNull(),
  createdAt: createdAt(),
});
