import type { AppDeps } from '#server/context.ts';
import { expireHold } from '#server/features/bookings/end-booking.service.ts';
import { reconcileLedger, refundCharge, settleIntent } from '#server/features/payments/ledger.service.ts';
import { payoutJobHandlers } from '#server/features/payouts/payouts.jobs.ts';
import { reconcilePayouts } from '#server/features/payouts/payouts-ledger.service.ts';
import { deleteUnusedPictures, removeOrphanPictures } from '#server/features/uploads/unused-pictures.ts';
import { alertWanted } from '#server/features/wanted/wanted-alerts.service.ts';
import { sendWantedDigests } from '#server/features/wanted/wanted-digest.service.ts';
import { sendDueMail } from '#server/mail/outbox-sender.ts';
import type { JobHandlers } from './job-queue.ts';

/** What each job does, with the services of this process. */
export function jobHandlers(
  deps: Pick<AppDeps, 'db' | 'payments' | 'payouts' | 'env' | 'mailer' | 'storage' | 'metrics'>,
): JobHandlers {
  const alerts = { db: deps.db, currency: deps.env.CURRENCY, mailDailyLimit: deps.env.WANTED_MAIL_DAILY_LIMIT };
  return {
    'expire-hold': ({ bookingId }) => expireHold(deps.db, bookingId),
    'settle-intent': ({ intentId }) => settleIntent(deps, intentId),
    'refund-charge': ({ transactionId }) => refundCharge(deps, transactionId),
    'reconcile-ledger': async () => {
      await reconcileLedger(deps.db);
      await reconcilePayouts(deps.db, deps.env);
    },
    ...payoutJobHandlers(deps),
    'send-mail': async () => {
      await sendDueMail(deps);
    },
    'delete-pictures': async ({ urls }) => {
      await deleteUnusedPictures(deps, urls);
    },
    'remove-orphan-pictures': async () => {
      await removeOrphanPictures(deps);
    },
    'alert-wanted': async ({ bookId }) => {
      await alertWanted(alerts, bookId);
    },
    'send-wanted-digests': async () => {
      await sendWantedDigests(alerts);
    },
  };
}
