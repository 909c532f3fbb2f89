import { z } from 'zod';
import { defineJob, type PayloadsOf } from '#server/jobs/define-job.ts';
import { mailUnreadMessages } from './unread-mail.service.ts';

export const jobs = {
  /**
   * Mails the recipient of a message still unread MESSAGE_MAIL_DELAY after it was sent: once per conversation
   * while it stays unread, never to a closed account (the state is read when the job runs).
   */
  'mail-unread-messages': defineJob({
    payload: z.object({ conversationId: z.string(), recipientId: z.string() }),
    run: (deps, payload) => mailUnreadMessages(deps.db, payload),
  }),
};

declare module '#server/jobs/job-queue.ts' {
  interface Jobs extends PayloadsOf<typeof jobs> {}
}
