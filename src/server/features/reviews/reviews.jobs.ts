import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { publishClosedReviews } from './reviews.service.ts';

export const jobs = {
  /**
   * Writes down the publication of the reviews whose window closed without the other party's review (ADR 029):
   * they are public from the close whatever this job does; the write makes the cached lists and ratings follow.
   */
  'publish-reviews': defineJob({
    payload: z.object({}),
    run: async (deps) => {
      await publishClosedReviews(deps.db);
    },
    schedule: '*/5 * * * *',
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
