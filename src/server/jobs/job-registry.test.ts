import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobDeps } from './define-job.ts';
import { JobPayloadError, jobCrontab, jobDefinitions, jobHandlers } from './job-registry.ts';

// No job here gets as far as using a service: each is refused before it runs.
const noServices = {} as JobDeps;

describe('the job registry', () => {
  it("finds every feature's jobs in its jobs file, and their schedules", () => {
    expect([...jobDefinitions.keys()].sort()).toEqual([
      'alert-wanted',
      'delete-pictures',
      'expire-hold',
      'look-up-shelf-drafts',
      'mail-unread-messages',
      'publish-reviews',
      'read-shelf-import',
      'reconcile-ledger',
      'reconcile-payouts',
      'refund-charge',
      'release-share',
      'remove-orphan-pictures',
      'reverse-transfer',
      'send-mail',
      'send-transfer',
      'send-wanted-digests',
      'settle-intent',
    ]);
    expect(jobCrontab().split('\n').sort()).toEqual([
      '* * * * * reconcile-ledger',
      '* * * * * reconcile-payouts',
      '* * * * * send-mail',
      '*/5 * * * * publish-reviews',
      '0 7 * * * send-wanted-digests',
      '17 * * * * remove-orphan-pictures',
    ]);
    const atStart = [...jobDefinitions].filter(([, job]) => job.atStart !== undefined);
    expect(Object.fromEntries(atStart.map(([name, job]) => [name, job.atStart]))).toEqual({
      'reconcile-ledger': {},
      'reconcile-payouts': { afterRestart: true },
    });
  });

  it('fails a job whose payload does not match its schema, naming the job and the field, without running it', async () => {
    let ran = false;
    const jobs = new Map([
      [
        'count-up',
        defineJob({
          payload: z.object({ n: z.number() }),
          run: async () => {
            ran = true;
          },
        }),
      ],
    ]);
    const handle = jobHandlers(noServices, jobs)['count-up']!;
    await expect(handle({ n: 'one' })).rejects.toThrow(JobPayloadError);
    await expect(handle({})).rejects.toThrow(/job count-up: its payload does not match its schema \(n: /);
    expect(ran).toBe(false);
    await handle({ n: 1 });
    expect(ran).toBe(true);
  });

  it("checks each feature job's payload against its schema", async () => {
    const handlers = jobHandlers(noServices);
    await expect(handlers['expire-hold']!({})).rejects.toThrow(/job expire-hold: .*bookingId/);
    await expect(handlers['settle-intent']!({ intentId: 7 })).rejects.toThrow(/job settle-intent: .*intentId/);
    await expect(handlers['refund-charge']!(null)).rejects.toThrow(JobPayloadError);
    await expect(handlers['delete-pictures']!({ urls: 'a.webp' })).rejects.toThrow(/job delete-pictures: .*urls/);
    await expect(handlers['alert-wanted']!({ book: 'x' })).rejects.toThrow(/job alert-wanted: .*bookId/);
  });
});
