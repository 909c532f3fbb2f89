import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { addJob, moveStagedJobs } from '#server/jobs/job-queue.ts';
import { createTestApp } from '../support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());

const queued = async () =>
  (
    await t.pool.query<{ key: string | null; payload: { bookingId: string } }>(
      "select j.key, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'expire-hold' order by j.id",
    )
  ).rows;

describe('staged jobs', () => {
  it('queue nothing for a rolled-back change, and once each however many servers move them', async () => {
    await inTransaction(t.db, async (tx) => {
      await addJob(tx, 'expire-hold', { bookingId: 'rolled-back' });
      throw new Error('the change fails');
    }).catch(() => {});
    for (let i = 0; i < 300; i++) await addJob(t.db, 'expire-hold', { bookingId: `b${i}` }, { jobKey: `k${i}` });

    // Two servers' movers at once, on their own connections.
    const other = connect(t.databaseUrl, 2);
    try {
      const moved = await Promise.all([
        moveStagedJobs(t.db),
        moveStagedJobs(other.db),
        moveStagedJobs(t.db),
        moveStagedJobs(other.db),
      ]);
      expect(moved.reduce((a, b) => a + b, 0)).toBe(300);
    } finally {
      await other.pool.end();
    }
    const jobs = await queued();
    expect(jobs).toHaveLength(300);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(300);
    expect(jobs.some((j) => j.payload.bookingId === 'rolled-back')).toBe(false);
    expect(await moveStagedJobs(t.db)).toBe(0);
  });

  it('let the latest of several with one key win, as queueing them one by one would', async () => {
    await addJob(t.db, 'expire-hold', { bookingId: 'first' }, { jobKey: 'same' });
    await addJob(t.db, 'expire-hold', { bookingId: 'second' }, { jobKey: 'same' });
    await t.queueStagedJobs();
    await addJob(t.db, 'expire-hold', { bookingId: 'third' }, { jobKey: 'same' });
    await t.queueStagedJobs();
    const same = (await queued()).filter((j) => j.key === 'same');
    expect(same.map((j) => j.payload.bookingId)).toEqual(['third']);
  });
});
