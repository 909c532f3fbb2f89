import { sql } from 'drizzle-orm';
import { run, runMigrations, type TaskList, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import type { Queryable } from '#server/db/transaction.ts';
import type { PayoutJobs } from '#server/features/payouts/payouts.jobs.ts';
import type { Logger } from '#server/http/logger.ts';

/** Every job the store runs in the background, with its payload (ADR 008); the payouts' own in payouts.jobs.ts. */
export interface Jobs extends PayoutJobs {
  /** Ends an unpaid booking whose hold has run out. */
  'expire-hold': { bookingId: string };
  /** Asks the payment provider about an intent and records, refunds or cancels it as the ledger needs. */
  'settle-intent': { intentId: string };
  /** Gives a charge back through the provider (the refund row was written when it was decided). */
  'refund-charge': { transactionId: string };
  /** Finds what a crash or a lost request left unsettled and queues the jobs above for it. */
  'reconcile-ledger': Record<string, never>;
  /** Sends the mail outbox's messages that are due (ADR 009); queued with the mail, and run every minute. */
  'send-mail': Record<string, never>;
  /** Deletes the pictures a removed listing or a closed account used, unless something else uses them now (ADR 011). */
  'delete-pictures': { urls: string[] };
  /** Deletes stored pictures that nothing uses and that are older than ORPHAN_PICTURE_AGE (ADR 011). */
  'remove-orphan-pictures': Record<string, never>;
  /** Tells everyone whose Wanted list a new listing matches, once each (ADR 019). */
  'alert-wanted': { bookId: string };
  /** Mails each person the Wanted-list alerts WANTED_MAIL_DAILY_LIMIT held back, in one message; daily (ADR 025). */
  'send-wanted-digests': Record<string, never>;
}
export type JobName = keyof Jobs;

export interface JobOptions {
  runAt?: Date;
  /** One job per key: adding it again replaces the waiting one instead of queueing a second. */
  jobKey?: string;
}

/**
 * Queues a job in the caller's transaction, so it exists exactly when the change that needs it commits: a
 * rolled-back change queues nothing, and a committed one cannot lose its job to a crash. It is staged in
 * `staged_jobs` and moved into the queue within a tenth of a second (`moveStagedJobs`).
 */
export async function addJob<Name extends JobName>(
  db: Queryable,
  name: Name,
  payload: Jobs[Name],
  options: JobOptions = {},
): Promise<void> {
  await db.execute(sql`insert into ${stagedJobs} (task, payload, run_at, job_key)
    values (${name}, ${JSON.stringify(payload)}::json, ${options.runAt?.toISOString() ?? null}::timestamptz,
            ${options.jobKey ?? null})`);
}

/** `addJob` for many jobs of one kind at once: one statement, whatever their number. */
export async function addJobs<Name extends JobName>(
  db: Queryable,
  name: Name,
  jobs: { payload: Jobs[Name]; jobKey?: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await db.execute(sql`insert into ${stagedJobs} (task, payload, job_key)
    select ${name}, j -> 'payload', j ->> 'jobKey' from json_array_elements(${JSON.stringify(jobs)}::json) j`);
}

/** Staged jobs moved in one transaction: one NOTIFY, one commit, for all of them. */
const moveBatch = 1000;

/**
 * Moves staged jobs into the job queue (`graphile_worker.add_jobs`) in one transaction, which deletes them from
 * `staged_jobs`: each is queued exactly once, by whichever server takes it (SKIP LOCKED). Of several staged with
 * one key, the latest replaces the others, as queueing them one by one would. Answers how many were moved.
 *
 * Queueing a job straight into graphile-worker sends a NOTIFY, and PostgreSQL commits one transaction that
 * notified at a time, holding a lock through its write to disk: every booking then waited for the one before it.
 */
export async function moveStagedJobs(db: Queryable): Promise<number> {
  const { rows } = await db.execute<{ moved: number }>(sql`
    with moved as (
      delete from ${stagedJobs}
      where id in (select id from ${stagedJobs} order by id limit ${moveBatch} for update skip locked)
      returning *
    ), latest as (
      select distinct on (coalesce(job_key, 'id:' || id)) * from moved order by coalesce(job_key, 'id:' || id), id desc
    ), queued as (
      select count(*) as n from graphile_worker.add_jobs(array(
        select (task, payload, null, run_at, null, job_key, null, null)::graphile_worker.job_spec from latest order by id))
    )
    -- A plain CTE runs only when read: queued is read so that add_jobs is called.
    select (select count(*)::int from moved) as moved, (select n from queued) as queued`);
  return rows[0]?.moved ?? 0;
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
  /** The same database, for moving the staged jobs. */
  db: Queryable;
  handlers: JobHandlers;
  log: Logger;
  /** How often to look for jobs that became due (new jobs are noticed at once through LISTEN). */
  pollIntervalMs?: number;
}

/** How often a server moves staged jobs into the queue. */
const stagedJobsEveryMs = 100;

/**
 * Runs the queue's jobs in this process beside the HTTP server, and moves the staged jobs into the queue every
 * tenth of a second. Every server runs one; PostgreSQL hands each job to exactly one of them (SKIP LOCKED), failed
 * jobs are retried with exponential backoff and, after the last attempt, kept in the queue with their error. The
 * ledger check and the mail sender also run every minute, the cleanup of unused pictures every hour, and the Wanted
 * list's digest every day.
 */
export async function startJobRunner({
  pool,
  db,
  handlers,
  log,
  pollIntervalMs = 1000,
}: JobRunnerOptions): Promise<{ stop(): Promise<void> }> {
  let moving: Promise<void> | undefined;
  const move = async () => {
    try {
      while ((await moveStagedJobs(db)) === moveBatch) {}
    } catch (error) {
      log.warn('could not move staged jobs into the queue; trying again', { source: 'jobs', error: String(error) });
    }
  };
  const timer = setInterval(() => {
    moving ??= move().finally(() => {
      moving = undefined;
    });
  }, stagedJobsEveryMs);
  const runner = await run({
    pgPool: pool,
    taskList: taskListOf(handlers),
    crontab: [
      '* * * * * reconcile-ledger',
      '* * * * * send-mail',
      '17 * * * * remove-orphan-pictures',
      // 07:00 UTC: the day's held-back alerts, in one message each.
      '0 7 * * * send-wanted-digests',
    ].join('\n'),
    concurrency: 4,
    pollInterval: pollIntervalMs,
    noHandleSignals: true,
    logger: workerLogger(log),
  });
  return {
    async stop() {
      clearInterval(timer);
      await moving;
      await runner.stop();
    },
  };
}
