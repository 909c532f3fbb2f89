import { sql } from 'drizzle-orm';
import { type Runner, run, runMigrations, type TaskList, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import type { Queryable } from '../db/transaction.ts';
import type { Logger } from '../http/logger.ts';

/** Every job the store runs in the background, with its payload (ADR 008). */
export interface Jobs {
  /** Ends an unpaid booking whose hold has run out. */
  'expire-hold': { bookingId: string };
  /** Asks the payment provider about an intent and records, refunds or cancels it as the ledger needs. */
  'settle-intent': { intentId: string };
  /** Gives a charge back through the provider (the refund row was written when it was decided). */
  'refund-charge': { transactionId: string };
  /** Finds what a crash or a lost request left unsettled and queues the jobs above for it. */
  'reconcile-ledger': Record<string, never>;
  /** Sends one message of the mail outbox (ADR 009). */
  'send-mail': { id: string };
  /** Deletes the pictures a removed listing or a closed account used, unless something else uses them now (ADR 011). */
  'delete-pictures': { urls: string[] };
  /** Deletes stored pictures that nothing uses and that are older than ORPHAN_PICTURE_AGE (ADR 011). */
  'remove-orphan-pictures': Record<string, never>;
}
export type JobName = keyof Jobs;

export interface JobOptions {
  runAt?: Date;
  /** One job per key: adding it again replaces the waiting one instead of queueing a second. */
  jobKey?: string;
}

/**
 * Queues a job in the caller's transaction, so it exists exactly when the change that needs it commits: a
 * rolled-back change queues nothing, and a committed one cannot lose its job to a crash.
 */
export async function addJob<Name extends JobName>(
  db: Queryable,
  name: Name,
  payload: Jobs[Name],
  options: JobOptions = {},
): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${name}, ${JSON.stringify(payload)}::json,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz, job_key => ${options.jobKey ?? null})`);
}

export type JobHandlers = { [Name in JobName]: (payload: Jobs[Name]) => Promise<void> };

/** The handlers in the queue's own shape. */
export function taskListOf(handlers: JobHandlers): TaskList {
  const taskList: TaskList = {};
  for (const [name, handle] of Object.entries(handlers)) {
    taskList[name] = (payload) => (handle as (payload: unknown) => Promise<void>)(payload);
  }
  return taskList;
}

/** Creates or updates the job queue's own tables (schema graphile_worker); safe to run at every start. */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger });
}

const quietLogger = new WorkerLogger(() => () => {});

function workerLogger(log: Logger) {
  return new WorkerLogger((scope) => (level, message) => {
    if (level === 'error') log.error(message, { source: 'jobs', ...scope });
    else if (level === 'warning') log.warn(message, { source: 'jobs', ...scope });
    else log.debug(message, { source: 'jobs', ...scope });
  });
}

export interface JobRunnerOptions {
  pool: pg.Pool;
  handlers: JobHandlers;
  log: Logger;
  /** How often to look for jobs that became due (new jobs are noticed at once through LISTEN). */
  pollIntervalMs?: number;
}

/**
 * Runs the queue's jobs in this process beside the HTTP server. Every server runs one; PostgreSQL hands each
 * job to exactly one of them (SKIP LOCKED), failed jobs are retried with exponential backoff and, after the
 * last attempt, kept in the queue with their error. The ledger check also runs every minute, the cleanup of
 * unused pictures every hour.
 */
export function startJobRunner({ pool, handlers, log, pollIntervalMs = 1000 }: JobRunnerOptions): Promise<Runner> {
  return run({
    pgPool: pool,
    taskList: taskListOf(handlers),
    crontab: ['* * * * * reconcile-ledger', '17 * * * * remove-orphan-pictures'].join('\n'),
    concurrency: 4,
    pollInterval: pollIntervalMs,
    noHandleSignals: true,
    logger: workerLogger(log),
  });
}
