import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { releaseDueShare } from './payouts.service.ts';
import { reconcilePayouts, reverseTransfer, sendTransfer } from './payouts-ledger.service.ts';

const anOrder = z.object({ bookingId: z.uuid() });

/** The payouts' jobs (ADR 026). */
export const jobs = {
  /** Releases a paid order's share once RELEASE_AFTER has passed, unless a problem report holds it. */
  'release-share': defineJob({
    payload: anOrder,
    run: (deps, { bookingId }) => releaseDueShare(deps.db, deps.env, bookingId),
  }),
  /** Sends a released share to the seller's payout account (idempotent per order). */
  'send-transfer': defineJob({ payload: anOrder, run: (deps, { bookingId }) => sendTransfer(deps, bookingId) }),
  /** Takes back the share of an order refunded after release: reversal, cancellation or recorded debt. */
  'reverse-transfer': defineJob({ payload: anOrder, run: (deps, { bookingId }) => reverseTransfer(deps, bookingId) }),
  /**
   * Finds what a crash left half done (a release without its transfer job, a transfer or reversal whose call went
   * unanswered, money waiting for a working account). At a server's start it asks again at once about every
   * transfer still being sent: the job that sent it may have died with the last process (the same key makes the
   * second call answer the first transfer).
   */
  'reconcile-payouts': defineJob({
    payload: z.object({ afterRestart: z.boolean().default(false) }),
    run: (deps, { afterRestart }) => reconcilePayouts(deps.db, deps.env, { afterRestart }),
    schedule: '* * * * *',
    atStart: { afterRestart: true },
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
