/**
 * The published test bank numbers (Stripe's, for US accounts) the test payout provider takes: the first works;
 * the others open an account whose payouts the bank refuses, for trying what a seller then sees.
 */
export const testBankNumbers = [
  { routingNumber: '110000000', accountNumber: '000123456789', refusal: null },
  { routingNumber: '110000000', accountNumber: '000111111116', refusal: 'no_account' },
  { routingNumber: '110000000', accountNumber: '000111111113', refusal: 'account_closed' },
  { routingNumber: '110000000', accountNumber: '000222222227', refusal: 'insufficient_funds' },
] as const;
