import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { deleteUnusedPictures, removeOrphanPictures } from './unused-pictures.ts';

export const jobs = {
  /** Deletes the pictures a removed listing or a closed account used, unless something else uses them now (ADR 011). */
  'delete-pictures': defineJob({
    payload: z.object({ urls: z.array(z.string()) }),
    run: (deps, { urls }) => deleteUnusedPictures(deps, urls),
  }),
  /** Deletes stored pictures that nothing uses and that are older than ORPHAN_PICTURE_AGE (ADR 011); hourly. */
  'remove-orphan-pictures': defineJob({
    payload: z.object({}),
    run: (deps) => removeOrphanPictures(deps),
    schedule: '17 * * * *',
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
