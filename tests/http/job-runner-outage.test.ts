import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/http/logger.ts';
import { startJobRunner } from '#server/jobs/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.allowConnections(true);
  await database.drop();
});

describe('the job runner when the database goes away in the middle of a job', () => {
  it('keeps the process alive, starts again once the database answers, and runs the job it held at once', async () => {
    let runs = 0;
    const handlers = {
      'outage-probe': async () => {
        runs += 1;
        // The job's failure cannot be written: the database is away by the time the job ends.
        if (runs === 1) {
          await database.allowConnections(false);
          throw new Error('the database went away');
        }
      },
    };
    const log = createLogger('silent');
    const runner = await startJobRunner({ pool: database.pool, db: database.db, handlers, crontab: '', log });
    try {
      await database.pool.query("select graphile_worker.add_job('outage-probe', '{}'::json)");
      await expect.poll(() => runs, { timeout: 30_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await database.allowConnections(true);
      // Without being freed, the job the stopped runner held would wait four hours for the queue to free it.
      await expect.poll(() => runs, { timeout: 30_000 }).toBe(2);
      await expect
        .poll(async () => (await database.pool.query('select 1 from graphile_worker.jobs')).rowCount, {
          timeout: 30_000,
        })
        .toBe(0);
      expect(runs).toBe(2);
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
