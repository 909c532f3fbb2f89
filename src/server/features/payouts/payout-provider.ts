/** How a payout account stands at the provider. */
export interface PayoutAccountStatus {
  state: 'onboarding' | 'active' | 'restricted';
  /** What is missing or wrong, in the provider's words; null when nothing is. */
  detail: string | null;
}

export interface NewTransfer {
  accountId: string;
  amount: number;
  /** Lower case, as the provider takes it. */
  currency: string;
  /** The charge the money came from (the order's PaymentIntent id). */
  paymentIntentId: string;
  /** The order's id: every movement of its money is filed under it. */
  transferGroup: string;
  /** One per order: asking again answers the same transfer instead of making a second. */
  idempotencyKey: string;
}

/**
 * The provider refused a transfer or a reversal: `store-balance` (the store's balance cannot cover it; retried
 * later), `seller-balance` (the seller's balance cannot cover a reversal: a debt is recorded instead), `account`
 * (the seller's account cannot receive transfers now; the money waits until it can).
 */
export class PayoutRefused extends Error {
  readonly reason: 'store-balance' | 'seller-balance' | 'account';
  constructor(reason: PayoutRefused['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

interface PayoutProviderBase {
  /** Whether no real money moves; the pages say so. */
  readonly testMode: boolean;
  /** Sends a seller their share; throws PayoutRefused when the provider refuses. */
  transfer(input: NewTransfer): Promise<{ transferId: string }>;
  /** Takes a transfer back in full; asking again answers the same reversal; PayoutRefused when it cannot. */
  reverse(input: { transferId: string; amount: number; idempotencyKey: string }): Promise<{ reversalId: string }>;
}

/** The published test bank numbers a seller types in test mode. */
export interface TestBankAccount {
  routingNumber: string;
  accountNumber: string;
}

/** The built-in provider: accounts from the published test bank numbers, money moved in our own database. */
export interface TestPayoutProvider extends PayoutProviderBase {
  readonly name: 'test';
  /** A new test account for these bank numbers, or the refusal's message when they are not test numbers. */
  openAccount(sellerId: string, bank: TestBankAccount): Promise<{ accountId: string; status: PayoutAccountStatus }>;
  /** What a test account has paid out to its bank, in cents. */
  paidOut(accountId: string): Promise<number>;
}

export interface ConnectEvent {
  id: string;
  type: string;
  /** For `account.updated`: the account and how it stands now. */
  account: ({ accountId: string } & PayoutAccountStatus) | null;
}

/** Stripe Connect: Express accounts onboarded by Account Links, separate charges and transfers. */
export interface StripePayoutProvider extends PayoutProviderBase {
  readonly name: 'stripe';
  createAccount(input: { sellerId: string; email: string }): Promise<{ accountId: string }>;
  /** A fresh onboarding link (each is for one visit and expires within minutes). */
  accountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<PayoutAccountStatus>;
  /** Checks a Connect webhook's signature over its raw body; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string): Promise<ConnectEvent>;
}

/** Pays sellers; the app only knows this interface and picks one by configuration, as it picks the card processor. */
export type PayoutProvider = TestPayoutProvider | StripePayoutProvider;
