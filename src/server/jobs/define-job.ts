import type { z } from 'zod';
import type { AppDeps } from '#server/context.ts';

/** The services a job runs with: those of the process that runs the queue. */
export type JobDeps = Pick<AppDeps, 'db' | 'payments' | 'payouts' | 'env' | 'mailer' | 'storage' | 'metrics' | 'log'>;

/** One job of a feature: the payload it is queued with, what it does, and when it also runs on its own. */
export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  /** Checked when the job runs: a payload that does not match fails the job, which then is not run. */
  payload: Payload;
  run: (deps: JobDeps, payload: z.output<Payload>) => Promise<unknown>;
  /** A crontab schedule (UTC) on which the queue runs it with an empty payload, besides when it is queued. */
  schedule?: string;
  /**
   * Queued with this payload each time a server starts: to settle at once what a stop or a crash left half done,
   * rather than at the next scheduled run.
   */
  atStart?: z.input<Payload>;
}

/**
 * A feature's job, in `features/<f>/<f>.jobs.ts`, whose `jobs` object names each (the job registry finds them
 * there). The file also declares the payloads in `Jobs`, so that `addJob` checks them:
 * `declare module '#server/jobs/job-queue.ts' { interface Jobs extends PayloadsOf<typeof jobs> {} }`.
 */
export function defineJob<Payload extends z.ZodType>(job: JobDefinition<Payload>): JobDefinition<Payload> {
  return job;
}

/** The payloads of a feature's jobs, by name, as `addJob` takes them. */
export type PayloadsOf<Jobs extends Record<string, JobDefinition>> = {
  [Name in keyof Jobs]: z.input<Jobs[Name]['payload']>;
};
