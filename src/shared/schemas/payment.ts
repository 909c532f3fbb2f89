import { z } from 'zod';

const anyPrice = z.union([z.number(), z.string().max(40)]).optional();

/** `POST /api/create-payment-intent`: which booking to pay. A `price` sent along is accepted and ignored. */
export const paymentIntentRequestSchema = z.object({
  bookingId: z.uuid('bookingId must be a booking id'),
  price: anyPrice,
});

export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().optional().describe("Stripe's publishable key, for its card field (Stripe only)."),
  testMode: z.boolean().describe('Whether no real money moves (the test provider, or Stripe with test keys).'),
  amount: z.number().describe('What the server will charge, in major units.'),
  currency: z.string(),
});
export type PaymentIntentAnswer = z.infer<typeof paymentIntentSchema>;

/** `POST /api/payments`: the specification's payment record; only the transaction and booking ids count. */
export const paymentRequestSchema = z.object({
  transactionId: z.string().min(1, 'transactionId is required').max(255),
  bookingId: z.uuid('bookingId must be a booking id'),
  price: anyPrice,
  email: z.string().max(320).optional(),
});

/** The test card form (the built-in test provider's stand-in for the card processor's card field). */
export const testCardSchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .min(1, 'card number is required')
    .regex(/^[\d\s-]{12,23}$/, 'Your card number is incomplete.'),
  expiry: z
    .string()
    .trim()
    .min(1, 'expiry date is required')
    .regex(/^(0[1-9]|1[0-2])\s*\/?\s*(\d{2}|\d{4})$/, "Your card's expiration date is incomplete (MM / YY)."),
  cvc: z
    .string()
    .trim()
    .min(1, 'CVC is required')
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestCard = z.infer<typeof testCardSchema>;

/** `POST /api/payments/test/confirm`: the test provider's card confirmation for one client secret. */
export const testCardConfirmSchema = testCardSchema.extend({
  clientSecret: z.string().min(1, 'clientSecret is required').max(200),
});

export const testCardResultSchema = z.object({ status: z.literal('succeeded'), transactionId: z.string() });

export const cardErrorSchema = z.object({ error: z.string(), code: z.string(), declineCode: z.string().optional() });
