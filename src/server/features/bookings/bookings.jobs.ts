import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { expireHold } from './end-booking.service.ts';

export const jobs = {
  /** Ends an unpaid booking whose hold has run out. */
  'expire-hold': defineJob({
    payload: z.object({ bookingId: z.string() }),
    run: (deps, { bookingId }) => expireHold(deps.db, bookingId),
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
