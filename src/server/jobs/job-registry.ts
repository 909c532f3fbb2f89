import { readdirSync } from 'node:fs';
import type { Queryable } from '#server/db/transaction.ts';
import type { JobDefinition, JobDeps } from './define-job.ts';
import { addJob, type JobHandlers, type JobName, type Jobs } from './job-queue.ts';

const featuresFolder = new URL('../features/', import.meta.url);

/**
 * Every job, found when the server starts in the features' job files (`features/<f>/<f>.jobs.ts`, each exporting
 * `jobs`): a feature adds a job in its own folder, and no list here names it.
 */
export const jobDefinitions: ReadonlyMap<string, JobDefinition> = await findJobs();

async function findJobs(): Promise<Map<string, JobDefinition>> {
  const files = readdirSync(featuresFolder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /^[^/\\]+[/\\][^/\\]+\.jobs\.ts$/.test(file))
    .sort();
  const found = new Map<string, JobDefinition>();
  for (const file of files) {
    const { jobs } = (await import(new URL(file.replaceAll('\\', '/'), featuresFolder).href)) as {
      jobs: Record<string, JobDefinition>;
    };
    for (const [name, job] of Object.entries(jobs)) {
      if (found.has(name)) throw new Error(`features/${file}: the job ${name} is declared twice`);
      found.set(name, job);
    }
  }
  return found;
}

/** A payload a job's schema refuses: the job fails with this, and does not run. */
export class JobPayloadError extends Error {}

/**
 * What each job does, with the services of this process: its payload is checked against its schema first, and a
 * payload that does not match fails the job (the queue keeps it with the error) instead of running it.
 */
export function jobHandlers(deps: JobDeps, jobs = jobDefinitions): JobHandlers {
  const handlers: JobHandlers = {};
  for (const [name, job] of jobs) {
    handlers[name] = async (payload) => {
      const parsed = job.payload.safeParse(payload);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`);
        throw new JobPayloadError(`job ${name}: its payload does not match its schema (${issues.join('; ')})`);
      }
      await job.run(deps, parsed.data);
    };
  }
  return handlers;
}

/** Queues the jobs that declare `atStart`, as a server starts. */
export async function queueJobsAtStart(db: Queryable, jobs = jobDefinitions): Promise<void> {
  for (const [name, job] of jobs) {
    // The names and payloads are those the features declared (`Jobs`), found in their files as the server started.
    if (job.atStart !== undefined) {
      await addJob(db, name as JobName, job.atStart as Jobs[JobName], { jobKey: `${name}:at-start` });
    }
  }
}

/** The crontab of the jobs that declare a schedule: each runs on it with an empty payload. */
export function jobCrontab(jobs = jobDefinitions): string {
  return [...jobs].flatMap(([name, job]) => (job.schedule ? [`${job.schedule} ${name}`] : [])).join('\n');
}
