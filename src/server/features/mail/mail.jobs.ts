import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { sendDueMail } from '#server/mail/outbox-sender.ts';

export const jobs = {
  /** Sends the mail outbox's messages that are due (ADR 009); queued with the mail, and run every minute. */
  'send-mail': defineJob({
    payload: z.object({}),
    run: (deps) => sendDueMail(deps),
    schedule: '* * * * *',
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
