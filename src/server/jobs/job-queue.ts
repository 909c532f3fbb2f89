import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { run, runMigrations, type TaskList, type WorkerEvents, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import { stagedJobs } from '#server/db/schema/jobs.ts';
import type { Queryable } from '#server/db/transaction.ts';
import type { Logger } from '#server/http/logger.ts';

/**
 * Every job the store runs in the background, with its payload (ADR 008): each feature declares its own in its
 * `<f>.jobs.ts` (`defineJob`), which adds them here.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the features' job files fill it in (declaration merging).
export interface Jobs {}
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

/** What each job does, by name: its payload is checked against its schema first (job-registry.ts). */
export type JobHandlers = Record<string, (payload: unknown) => Promise<void>>;

/** The handlers in the queue's own shape. */
export function taskListOf(handlers: JobHandlers): TaskList {
  const taskList: TaskList = {};
  for (const [name, handle] of Object.entries(handlers)) taskList[name] = (payload) => handle(payload);
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
  /** The crontab of the jobs that also run on their own (`jobCrontab`). */
  crontab: string;
  log: Logger;
  /** How often to look for jobs that became due (new jobs are noticed at once through LISTEN). */
  pollIntervalMs?: number;
}

/** How often a server moves staged jobs into the queue. */
const stagedJobsEveryMs = 100;

/** How long to wait before each try at starting a stopped job runner again: the last one repeats. */
const restartDelaysMs = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * Runs the queue's jobs in this process beside the HTTP server, and moves the staged jobs into the queue every
 * tenth of a second. Every server runs one; PostgreSQL hands each job to exactly one of them (SKIP LOCKED), failed
 * jobs are retried with exponential backoff and, after the last attempt, kept in the queue with their error. Jobs
 * with a schedule also run on it.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<{ stop(): Promise<void> }> {
  const mover = startMovingStagedJobs(options.db, options.log);
  const runner = await startSupervisedRunner(options);
  return {
    async stop() {
      await mover.stop();
      await runner.stop();
    },
  };
}

/** Moves the staged jobs into the queue every `stagedJobsEveryMs`, one move at a time. */
function startMovingStagedJobs(db: Queryable, log: Logger) {
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
  return {
    async stop() {
      clearInterval(timer);
      await moving;
    },
  };
}

/**
 * graphile-worker's runner, started again whenever it stops without being asked. It stops for good when it cannot
 * record a job's end (the database went away mid-job); the next one starts once the database answers, after the
 * jobs the stopped one still held are freed: the queue would only free them after four hours.
 */
async function startSupervisedRunner({ pool, handlers, crontab, log, pollIntervalMs = 1000 }: JobRunnerOptions) {
  const events: WorkerEvents = new EventEmitter();
  /** The runners' worker pools, by the id their jobs are locked with. */
  const poolIds = new Set<string>();
  events.on('pool:create', ({ workerPool }) => poolIds.add(workerPool.id));
  const stopping = new AbortController();
  let restarting: Promise<void> | undefined;

  const start = async () => {
    const runner = await run({
      pgPool: pool,
      taskList: taskListOf(handlers),
      crontab,
      concurrency: 4,
      pollInterval: pollIntervalMs,
      noHandleSignals: true,
      logger: workerLogger(log),
      events,
      // Unbatched, a job's end that cannot be written is a promise nobody awaits, and the process dies of it.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    const stopped = () => {
      if (stopping.signal.aborted) return;
      log.error('the job runner stopped; starting it again once the database answers', { source: 'jobs' });
      restarting = restart();
    };
    runner.promise.then(stopped, stopped);
    return runner;
  };
  const restart = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        await sleep(restartDelaysMs[Math.min(attempt, restartDelaysMs.length - 1)], undefined, {
          signal: stopping.signal,
        });
        const stoppedPools = [...poolIds];
        await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [stoppedPools]);
        for (const id of stoppedPools) poolIds.delete(id);
        runner = await start();
        return;
      } catch (error) {
        if (stopping.signal.aborted) return;
        log.warn('could not start the job runner again; trying again', { source: 'jobs', error: String(error) });
      }
    }
  };

  let runner = await start();
  return {
    async stop() {
      stopping.abort();
      await restarting;
      // A runner that stopped on its own answers that it is stopped already.
      await runner.stop().catch(() => {});
    },
  };
}
