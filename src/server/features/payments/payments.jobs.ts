import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { reconcileLedger, refundCharge, settleIntent } from './ledger.service.ts';

export const jobs = {
  /** Asks the payment provider about an intent and records, refunds or cancels it as the ledger needs. */
  'settle-intent': defineJob({
    payload: z.object({ intentId: z.string() }),
    run: (deps, { intentId }) => settleIntent(deps, intentId),
  }),
  /** Gives a charge back through the provider (the refund row was written when it was decided). */
  'refund-charge': defineJob({
    payload: z.object({ transactionId: z.string() }),
    run: (deps, { transactionId }) => refundCharge(deps, transactionId),
  }),
  /** Finds what a crash or a lost request left unsettled and queues the jobs above for it; every minute. */
  'reconcile-ledger': defineJob({
    payload: z.object({}),
    run: (deps) => reconcileLedger(deps.db),
    schedule: '* * * * *',
    atStart: {},
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
