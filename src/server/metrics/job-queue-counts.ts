import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export type JobState = 'scheduled' | 'due' | 'running' | 'retrying' | 'failed';

/**
 * How many jobs of each task are in each state, read from the job queue's `jobs` view (graphile-worker keeps a
 * job until it succeeds, and a job out of attempts for good). The states do not overlap: their sum is the queue.
 */
export async function readJobQueueCounts(db: Db): Promise<{ task: string; state: JobState; jobs: number }[]> {
  const { rows } = await db.execute<{ task: string; state: JobState; jobs: number }>(sql`
    select task_identifier as task, state, count(*)::int as jobs
    from (
      select task_identifier,
        case
          when locked_at is not null then 'running'
          when attempts >= max_attempts then 'failed'
          when last_error is not null then 'retrying'
          when run_at <= now() then 'due'
          else 'scheduled'
        end as state
      from graphile_worker.jobs
    ) as job
    group by task, state`);
  return rows;
}
