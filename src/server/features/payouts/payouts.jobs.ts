import { z } from 'zod';
import type { AppDeps } from '#server/context.ts';
import { releaseDueShare } from './payouts.service.ts';
import { reverseTransfer, sendTransfer } from './payouts-ledger.service.ts';

const anOrder = z.object({ bookingId: z.uuid() });

/** The payouts' jobs and their payloads (ADR 026), each checked before it runs. */
export const payoutJobPayloads = {
  /** Releases a paid order's share once RELEASE_AFTER has passed, unless a problem report holds it. */
  'release-share': anOrder,
  /** Sends a released share to the seller's payout account (idempotent per order). */
  'send-transfer': anOrder,
  /** Takes back the share of an order refunded after release: reversal, cancellation or recorded debt. */
  'reverse-transfer': anOrder,
};

export type PayoutJobs = { [Name in keyof typeof payoutJobPayloads]: z.infer<(typeof payoutJobPayloads)[Name]> };

export function payoutJobHandlers(deps: Pick<AppDeps, 'db' | 'payouts' | 'env'>) {
  const parse = <Name extends keyof PayoutJobs>(name: Name, payload: unknown) =>
    payoutJobPayloads[name].parse(payload) as PayoutJobs[Name];
  return {
    'release-share': (payload: PayoutJobs['release-share']) =>
      releaseDueShare(deps.db, deps.env, parse('release-share', payload).bookingId),
    'send-transfer': (payload: PayoutJobs['send-transfer']) =>
      sendTransfer(deps, parse('send-transfer', payload).bookingId),
    'reverse-transfer': (payload: PayoutJobs['reverse-transfer']) =>
      reverseTransfer(deps, parse('reverse-transfer', payload).bookingId),
  };
}
