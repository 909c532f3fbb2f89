import { bigserial, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Jobs queued by a transaction, moved into the job queue in batches after it commits (jobs/staged-jobs.ts):
 * queueing straight into graphile-worker sends a NOTIFY, and PostgreSQL lets one transaction that notified
 * commit at a time, so every booking waited for the one before it to reach the disk.
 */
export const stagedJobs = pgTable('staged_jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  task: text('task').notNull(),
  payload: json('payload').notNull(),
  runAt: timestamp('run_at', { withTimezone: true }),
  jobKey: text('job_key'),
});
