import { z } from 'zod';
import { orderBundleNamesSchema } from './bundle-order.ts';

/** The test bank numbers a seller types in test mode (Dashboard → Get paid). */
export const testBankAccountSchema = z.object({
  routingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'A routing number has 9 digits (test mode: 110000000)'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'An account number has 4 to 17 digits (test mode: 000123456789)'),
});
export type TestBankAccount = z.infer<typeof testBankAccountSchema>;

export const payoutHoldSchema = z.object({
  reason: z.string().trim().min(1, 'Say why the payouts are held').max(500, 'At most 500 characters'),
});

/** The store's fee, in major units, for "you receive" as a seller types a price. */
export const platformFeeSchema = z.object({
  percent: z.number(),
  minimum: z.number(),
  maximum: z.number(),
  currency: z.string(),
});

export const payoutAccountStates = ['none', 'onboarding', 'active', 'restricted'] as const;

/** A seller's payout account as their Get paid page shows it. */
export const payoutAccountSchema = z.object({
  provider: z.enum(['test', 'stripe']),
  testMode: z.boolean(),
  state: z.enum(payoutAccountStates).describe('none until the seller sets up payouts'),
  detail: z.string().nullable().describe("What is missing or wrong, in the provider's words"),
  bankLast4: z.string().nullable(),
  held: z.boolean().describe('An admin holds this seller’s payouts while they are under review'),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutStates = ['pending', 'waiting', 'sending', 'paid', 'reversed', 'debt', 'refunded'] as const;

/** One sale with its figures, in major units. */
export const earningSchema = z.object({
  bookingId: z.uuid(),
  bookName: z.string(),
  bundle: orderBundleNamesSchema,
  paidAt: z.string(),
  price: z.number(),
  fee: z.number(),
  share: z.number(),
  releasedAt: z.string().nullable(),
  state: z
    .enum(payoutStates)
    .describe(
      'pending: paid, awaiting the handover; waiting: released, waiting for a working payout account; sending/paid: the transfer; reversed or debt: refunded after release; refunded: refunded before release',
    ),
  debtTaken: z.number().describe('What this transfer kept back for earlier debts'),
});
export type Earning = z.infer<typeof earningSchema>;

/** A seller's earnings: totals and each sale, in major units. */
export const earningsSchema = z.object({
  currency: z.string(),
  testMode: z.boolean(),
  totals: z.object({
    pending: z.number().describe('Paid, awaiting the handover or RELEASE_AFTER'),
    released: z.number().describe('Released shares that stand'),
    waiting: z.number().describe('Released, waiting for a working payout account'),
    transferred: z.number().describe('Sent to the payout account'),
    paidOutToBank: z.number().nullable().describe('Paid out to the bank (test mode; Stripe shows it in its dashboard)'),
    fees: z.number(),
    debt: z.number().describe('Still owed from refunds after release, taken from the next transfers'),
  }),
  orderCount: z.number().int().describe('Every sale; `orders` is the page asked for, newest first'),
  orders: z.array(earningSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** Whose money an entry of the admins' payouts page is about. */
export const payoutSellerSchema = z.object({
  sellerId: z.uuid(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  closed: z.boolean().describe('The account was closed; what it is owed is still paid to its payout account'),
});

/** The admins' payouts page. */
export const payoutsOverviewSchema = z.object({
  currency: z.string(),
  accounts: z.array(payoutSellerSchema.extend({ state: z.string(), detail: z.string().nullable() })),
  waiting: z.array(
    payoutSellerSchema.extend({
      amount: z.number(),
      since: z.string(),
      orders: z.number(),
    }),
  ),
  failedTransfers: z.array(
    payoutSellerSchema.extend({
      bookingId: z.uuid(),
      amount: z.number(),
      status: z.string(),
      attempts: z.number(),
      lastError: z.string(),
    }),
  ),
  debts: z.array(payoutSellerSchema.extend({ amount: z.number() })),
  holds: z.array(payoutSellerSchema.extend({ reason: z.string(), heldAt: z.string() })),
});
export type PayoutsOverview = z.infer<typeof payoutsOverviewSchema>;
export type PayoutSeller = z.infer<typeof payoutSellerSchema>;
