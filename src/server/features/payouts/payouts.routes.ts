import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { modifiedCount } from '#server/http/change-counts.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { stateChange } from '#server/http/state-calls.ts';
import { pageQuerySchema } from '#shared/schemas/book.ts';
import {
  earningsSchema,
  payoutAccountSchema,
  payoutHoldSchema,
  payoutsOverviewSchema,
  platformFeeSchema,
  testBankAccountSchema,
} from '#shared/schemas/payouts.ts';

const account = jsonContent(payoutAccountSchema, "The seller's payout account");
const orderId = uuidParam('id', { message: 'id must be a uuid', description: "The order's id" });
const sellerId = uuidParam('sellerId', { message: 'sellerId must be a uuid', description: "The seller's user id" });

export const routes = {
  getPlatformFee: api.Payouts.get('/payouts/fee', 'anyone', {
    responses: { 200: jsonContent(platformFeeSchema, "The store's fee per sale") },
  }),
  getPayoutAccount: api.Payouts.get('/payouts/account', ['Seller'], {
    responses: { 200: account },
  }),
  setUpTestPayoutAccount: api.Payouts.put('/payouts/account/test', ['Seller'], {
    request: { body: jsonBody(testBankAccountSchema) },
    responses: { 200: account, ...errorResponses(404) },
  }),
  createPayoutAccountLink: api.Payouts.post('/payouts/account/link', ['Seller'], {
    responses: {
      200: jsonContent(z.object({ url: z.string() }), "A fresh link to Stripe's onboarding"),
      ...errorResponses(404, 502),
    },
  }),
  refreshPayoutAccount: api.Payouts.post('/payouts/account/refresh', ['Seller'], {
    responses: { 200: account, ...errorResponses(404, 409, 502) },
  }),
  getEarnings: api.Payouts.get('/payouts/earnings', ['Seller'], {
    request: { query: pageQuerySchema },
    responses: { 200: jsonContent(earningsSchema, "The seller's earnings") },
  }),
  exportEarnings: api.Payouts.get('/payouts/earnings.csv', ['Seller'], {
    responses: {
      200: { content: { 'text/csv': { schema: z.string() } }, description: 'One line per sale, every sale' },
    },
  }),
  getPayoutsOverview: api.Payouts.get('/payouts/admin', ['Admin'], {
    responses: { 200: jsonContent(payoutsOverviewSchema, 'What needs an admin') },
  }),
  retryTransfer: api.Payouts.post('/payouts/admin/transfers/{id}/retry', ['Admin'], {
    ...stateChange(orderId, modifiedCount, 'Queued again'),
  }),
  holdPayouts: api.Payouts.put('/payouts/admin/holds/{sellerId}', ['Admin'], {
    request: { params: sellerId, body: jsonBody(payoutHoldSchema) },
    responses: { 200: jsonContent(modifiedCount, 'Held'), ...errorResponses(404) },
  }),
  liftPayoutHold: api.Payouts.delete('/payouts/admin/holds/{sellerId}', ['Admin'], {
    request: { params: sellerId },
    responses: { 200: jsonContent(modifiedCount, 'Lifted (modifiedCount 0 when they were not held)') },
  }),
  receiveConnectWebhook: api.Payouts.post('/webhooks/stripe-connect', 'anyone', {
    request: {
      headers: z.object({ 'stripe-signature': z.string().min(1, 'the Stripe-Signature header is required') }),
    },
    responses: {
      200: jsonContent(z.object({ received: z.literal(true), outcome: z.string() }), 'Handled (or ignored)'),
      ...errorResponses(404),
    },
  }),
};
