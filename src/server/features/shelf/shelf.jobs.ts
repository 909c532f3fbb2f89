import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { readShelfImport } from './shelf-imports.service.ts';
import { lookUpShelfDrafts } from './shelf-lookups.service.ts';

export const jobs = {
  /** Reads a seller's shelf import into its lines and drafts, then queues their lookups. */
  'read-shelf-import': defineJob({
    payload: z.object({ importId: z.string() }),
    run: (deps, { importId }) => readShelfImport(deps.db, importId),
  }),
  /** Looks up the next waiting drafts of an import (ISBN lookup, suggested cover and price); queues itself again. */
  'look-up-shelf-drafts': defineJob({
    payload: z.object({ importId: z.string() }),
    run: (deps, { importId }) => lookUpShelfDrafts(deps, importId),
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
