import { z } from 'zod';
import { defineJob, type JobDeps, type PayloadsOf } from '#server/jobs/define-job.ts';
import { alertWanted } from './wanted-alerts.service.ts';
import { sendWantedDigests } from './wanted-digest.service.ts';

const alertsOf = (deps: JobDeps) => ({
  db: deps.db,
  currency: deps.env.CURRENCY,
  mailDailyLimit: deps.env.WANTED_MAIL_DAILY_LIMIT,
});

export const jobs = {
  /** Tells everyone whose Wanted list a new listing matches, once each (ADR 019). */
  'alert-wanted': defineJob({
    payload: z.object({ bookId: z.string() }),
    run: (deps, { bookId }) => alertWanted(alertsOf(deps), bookId),
  }),
  /**
   * Mails each person the Wanted-list alerts WANTED_MAIL_DAILY_LIMIT held back, in one message; daily, at 07:00
   * UTC (ADR 025).
   */
  'send-wanted-digests': defineJob({
    payload: z.object({}),
    run: (deps) => sendWantedDigests(alertsOf(deps)),
    schedule: '0 7 * * *',
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
